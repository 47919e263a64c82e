# Cross-compile for 32-bit x86 Linux (i686) with Debian's GNU cross toolchain
# (gcc-i686-linux-gnu, g++-i686-linux-gnu). An x86-64 kernel runs the
# binaries natively, so there is no emulator:
#
#   cmake -GNinja -B build-i686 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-i686-linux-gnu.cmake
#   ninja -C build-i686 crypto_test
#   build-i686/crypto_test
#
# GoogleTest is built from /usr/src/googletest (see CMakeLists.txt): the
# installed libgtest is amd64 only.
#
# Running natively needs a kernel with IA-32 emulation (CONFIG_IA32_EMULATION,
# not disabled with ia32_emulation=0); without it exec fails with "Exec
# format error". `qemu-i386 -L /usr/i686-linux-gnu build-i686/crypto_test`
# is a fallback, but qemu-user 7.2 (Debian 12) hangs in i386 guests that
# create threads, so tests using std::thread must be filtered out there.

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)

set(BITTERN_CROSS_TRIPLE i686-linux-gnu)
set(CMAKE_C_COMPILER ${BITTERN_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${BITTERN_CROSS_TRIPLE}-g++)
set(CMAKE_ASM_COMPILER ${BITTERN_CROSS_TRIPLE}-gcc)

# Libraries, headers and packages come from the target's root only, so the
# host's amd64 libgtest is never picked up; programs from the host.
set(CMAKE_FIND_ROOT_PATH /usr/${BITTERN_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Executables are linked statically. Kernels built without IA-32 emulation
# cannot run i686 binaries, so they run under qemu-i386; Debian 12's
# qemu-i386 (7.2) hangs in pthread_create for dynamically linked guests
# (seen with a five-line program), while static ones run threads fine.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
