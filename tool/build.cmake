# tool: the bssl command-line tool (linked against crypto_static by the
# top-level CMakeLists.txt, which adds it when TOOL_SOURCES is not empty).
list(APPEND TOOL_SOURCES
  tool/main.c
  tool/cpu.c
  tool/cycles.c
  tool/digest.c
  tool/rand.c
  tool/speed.c
)
