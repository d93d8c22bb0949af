# The WebAssembly module (bindings/wasm, docs/javascript.md), included by the root CMakeLists.txt when it is
# configured with emscripten (emcmake; bindings/wasm/scripts/build.mjs does it): the C ABI of any registered
# game (bindings/c_abi/games.cpp and each game's own exports) over the core, with plain C exports for the
# hand-written wrapper (src/bieten.mjs), and the shipped policies as separate files (policy_files.txt names
# them for the build script), fetched only when `policy` is asked for.
add_executable(bieten_wasm bindings/c_abi/games.cpp ${BIETEN_GAMES_C_SOURCES} bindings/wasm/src/selfplay.cpp)
target_include_directories(bieten_wasm PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/bindings ${CMAKE_CURRENT_SOURCE_DIR}/bindings/c_abi)
target_link_libraries(bieten_wasm PRIVATE bieten_core)
target_compile_definitions(bieten_wasm PRIVATE BIETEN_C_BUILDING BIETEN_VERSION_STRING="${PROJECT_VERSION}")
set_target_properties(bieten_wasm PROPERTIES OUTPUT_NAME bieten-core SUFFIX ".mjs")
# C++ exceptions (every C ABI function catches them) as WebAssembly exceptions: smaller and faster than
# emscripten's JavaScript-based ones; Node 16+ and every current browser run them.
target_compile_options(bieten_core PUBLIC -fwasm-exceptions)
file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/bindings/wasm/exports.txt BIETEN_WASM_EXPORTS REGEX "^[a-z_0-9]+$")
list(TRANSFORM BIETEN_WASM_EXPORTS PREPEND _)
list(APPEND BIETEN_WASM_EXPORTS _malloc _free)
list(JOIN BIETEN_WASM_EXPORTS "," BIETEN_WASM_EXPORTS)
target_link_options(bieten_wasm PRIVATE
  -fwasm-exceptions -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createBietenCore -sENVIRONMENT=web,worker
  -sALLOW_MEMORY_GROWTH=1 -sWASM_BIGINT=1 -sFILESYSTEM=0 -sASSERTIONS=0
  -sEXPORTED_FUNCTIONS=${BIETEN_WASM_EXPORTS} -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8)
set_property(TARGET bieten_wasm APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/bindings/wasm/exports.txt)
set(BIETEN_POLICY_PRESENT "")
foreach(file IN LISTS BIETEN_POLICY_FILES)
  if(EXISTS "${file}")
    list(APPEND BIETEN_POLICY_PRESENT "${file}")
  endif()
endforeach()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/policy_files.txt "${BIETEN_POLICY_PRESENT}")
