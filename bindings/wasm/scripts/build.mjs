#!/usr/bin/env node
// `npm run build` (npm --prefix bindings/wasm run build): the engine's WebAssembly module into dist/.
//
// The module (dist/bieten-core.mjs + .wasm) is the root CMakeLists.txt configured with emscripten (emcmake
// cmake, em++: Debian's `emscripten` package), which builds the core and the C ABI (bindings/wasm/wasm.cmake).
// It is cached by a hash of everything it is built from (the C++ sources, the CMake files, the policies,
// em++'s version and the flags) in $BIETEN_WASM_CACHE, else $XDG_CACHE_HOME/bieten-wasm, else
// ~/.cache/bieten-wasm: a second build of the same sources copies it from there, and a build after an edit
// recompiles only what changed (one CMake build folder per source tree, reused). The wrapper (src/*.mjs) and the types are
// copied every time. Prints what it did; exits non-zero, with em++'s messages, if the build fails.
//
// Options: --jobs N (default: the CPUs), --quiet, --cache-only (build into the cache, leave dist/ as it is:
// the tests' background build, tests/background_builds.py, so that nothing changes under a running test).
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.resolve(pkg, "..", "..");
const dist = path.join(pkg, "dist");
const args = process.argv.slice(2);
const quiet = args.includes("--quiet");
const jobsAt = args.indexOf("--jobs");
const jobs = jobsAt >= 0 ? Number(args[jobsAt + 1]) : Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
const say = (text) => quiet || console.log(`bieten-wasm: ${text}`);

// The lean flag set: -O2 (-O3 and LTO cost minutes of em++ for a few per cent of speed); policy.cpp keeps
// its own -O3 (CMakeLists.txt). The C++ warnings are errors, as in every CI build.
const FLAGS = ["-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG", "-DBIETEN_LTO=OFF",
  "-DBIETEN_WERROR=ON", "-DBIETEN_BUILD_TESTS=OFF"];

// em++ runs its JavaScript optimizer (acorn-optimizer.js) with node, which must find Debian's node-acorn
// (/usr/share/nodejs) also when node itself is not Debian's (e.g. NodeSource's searches only its own folders).
const env = { ...process.env };
if (fs.existsSync("/usr/share/nodejs/acorn")) {
  env.NODE_PATH = [process.env.NODE_PATH, "/usr/share/nodejs"].filter(Boolean).join(path.delimiter);
}

function run(command, argv, options = {}) {
  const r = spawnSync(command, argv, { encoding: "utf8", maxBuffer: 64 << 20, env, ...options });
  if (r.error) throw new Error(`${command}: ${r.error.message}`);
  if (r.status !== 0) {
    process.stderr.write(r.stdout ?? "");
    process.stderr.write(r.stderr ?? "");
    throw new Error(`${command} ${argv.join(" ")} failed (exit ${r.status})`);
  }
  return r.stdout;
}

function files(dir) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "python" && entry.name !== "__pycache__") out.push(...files(p));
    } else out.push(p);
  }
  return out;
}

// What the module is built from: the core and the games (not their pybind11 files), the C ABI, this
// package's C++ and CMake, the root CMake and the version, the shipped policies.
function inputs() {
  const list = [
    ...files(path.join(root, "csrc")),
    ...files(path.join(root, "bindings", "c_abi")),
    path.join(root, "bindings", "native_agent.hpp"),
    ...files(path.join(pkg, "src")).filter((f) => f.endsWith(".cpp") || f.endsWith(".hpp")),
    path.join(pkg, "wasm.cmake"),
    path.join(pkg, "exports.txt"),
    path.join(root, "CMakeLists.txt"),
    path.join(root, "tools", "embed_policies.cmake"),
    path.join(root, "python", "bieten", "_version.py"),
    ...files(path.join(root, "python", "bieten")).filter((f) => /[\\/]policies[\\/][^\\/]+\.bin$/.test(f)),
  ];
  return list.sort();
}

function nlohmannInclude() {
  if (process.env.BIETEN_NLOHMANN_JSON_INCLUDE) return process.env.BIETEN_NLOHMANN_JSON_INCLUDE;
  for (const python of [process.env.BIETEN_PYTHON, "python3", "python"].filter(Boolean)) {
    const r = spawnSync(python, ["-c", "import nlohmann_json; print(nlohmann_json.get_include())"], { encoding: "utf8" });
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  if (fs.existsSync("/usr/include/nlohmann/json.hpp")) return "/usr/include";
  throw new Error("nlohmann/json not found: pip install nlohmann-json, or set BIETEN_NLOHMANN_JSON_INCLUDE");
}

function copyInto(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const a = path.join(from, entry.name);
    const b = path.join(to, entry.name);
    if (entry.isDirectory()) copyInto(a, b);
    else fs.copyFileSync(a, b);
  }
}

function main() {
  const started = Date.now();
  const compiler = run("em++", ["--version"]).split("\n")[0];
  const hash = createHash("sha256");
  hash.update(`${compiler}\n${FLAGS.join("\n")}\n`);
  for (const file of inputs()) {
    hash.update(`${path.relative(root, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  const key = hash.digest("hex").slice(0, 24);
  const cache = process.env.BIETEN_WASM_CACHE ||
    path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "bieten-wasm");
  const built = path.join(cache, `module-${key}`);
  if (!fs.existsSync(path.join(built, "bieten-core.wasm"))) {
    // One CMake build folder per source tree (a checkout, a worktree): CMake refuses a folder that
    // another tree configured.
    const tree = createHash("sha256").update(root).digest("hex").slice(0, 12);
    const build = path.join(cache, `build-${tree}`);
    say(`building the module with ${compiler} into ${build} (-j${jobs})`);
    run("emcmake", ["cmake", "-S", root, "-B", build, "-G", "Ninja", ...FLAGS,
      `-DBIETEN_NLOHMANN_JSON_INCLUDE=${nlohmannInclude()}`], { cwd: root });
    run("cmake", ["--build", build, "--target", "bieten_wasm", "-j", String(jobs)], { cwd: root });
    const staging = `${built}.tmp-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(path.join(staging, "policies"), { recursive: true });
    for (const name of ["bieten-core.mjs", "bieten-core.wasm"]) fs.copyFileSync(path.join(build, name), path.join(staging, name));
    // The shipped policies, separate files: the wrapper reads policies/index.json, then each <name>.bin.
    const policies = fs.readFileSync(path.join(build, "policy_files.txt"), "utf8").split(";").filter(Boolean);
    for (const file of policies) fs.copyFileSync(file, path.join(staging, "policies", path.basename(file)));
    const names = policies.map((f) => path.basename(f, ".bin"));
    fs.writeFileSync(path.join(staging, "policies", "index.json"), `${JSON.stringify({ policies: names })}\n`);
    fs.rmSync(built, { recursive: true, force: true });
    fs.renameSync(staging, built);
  } else {
    say(`the module of these sources is cached: ${built}`);
  }
  if (args.includes("--cache-only")) {
    say(`the module is in ${built}; dist/ is left as it is (--cache-only)`);
    return;
  }
  fs.rmSync(dist, { recursive: true, force: true });
  copyInto(built, dist);
  for (const name of fs.readdirSync(path.join(pkg, "src"))) {
    if (name.endsWith(".mjs") || name.endsWith(".d.ts")) fs.copyFileSync(path.join(pkg, "src", name), path.join(dist, name));
  }
  say(`dist/ ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  main();
} catch (err) {
  console.error(`bieten-wasm: ${err.message}`);
  process.exit(1);
}
