# Cross-compile for 64-bit Arm Linux with Debian's GNU cross toolchain
# (gcc-aarch64-linux-gnu, g++-aarch64-linux-gnu). Test binaries run under
# qemu-user (package qemu-user), which CMake and the Go runner call through
# CMAKE_CROSSCOMPILING_EMULATOR:
#
#   cmake -GNinja -B build-a64 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64-linux-gnu.cmake
#   ninja -C build-a64 crypto_test
#   qemu-aarch64 -L /usr/aarch64-linux-gnu build-a64/crypto_test
#
# GoogleTest is built from /usr/src/googletest (see CMakeLists.txt).

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(BITTERN_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${BITTERN_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${BITTERN_CROSS_TRIPLE}-g++)
# The perlasm output (.S) is preprocessed and assembled by the C compiler.
set(CMAKE_ASM_COMPILER ${BITTERN_CROSS_TRIPLE}-gcc)

# Libraries, headers and packages come from the target's root only; programs
# (perl, the generators) from the host.
set(CMAKE_FIND_ROOT_PATH /usr/${BITTERN_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# -L points qemu at the target's dynamic loader and shared libraries.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/${BITTERN_CROSS_TRIPLE})
