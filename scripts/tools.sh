# Installs the web toolchain when missing or at the wrong version. Sourced by
# scripts/serve and scripts/test; every step is skipped when already done.
TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the `=` pin in Cargo.toml
GECKODRIVER_VERSION=0.37.1
WASM_SPLIT_VERSION=0.2.4       # wasm_split_cli_support, beside wasm_split_helpers 0.2 in Cargo.toml

ensure_wasm_target() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown ||
    rustup target add wasm32-unknown-unknown
}

ensure_trunk() {
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    cargo install --locked trunk --version "$TRUNK_VERSION"
  fi
}

ensure_wasm_bindgen() {
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
    # Not --locked: its lockfile wants a crate version the registry lacks.
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
  fi
}

# wasm-split-cli: splits the page's WebAssembly into the first screen's module
# and the extras' (web/build-app.mjs). It has no --version: cargo's list says.
ensure_wasm_split() {
  if ! cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
    cargo install --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
  fi
}

# npm tools of e2e/ (binaryen's wasm-opt, Playwright, Lighthouse), from its lockfile.
ensure_npm_tools() {
  if [ ! -d e2e/node_modules ] || [ e2e/package-lock.json -nt e2e/node_modules/.package-lock.json ]; then
    (cd e2e && npm ci --no-audit --no-fund)
  fi
  export PATH="$PWD/e2e/node_modules/.bin:$PATH"
}

ensure_web_tools() {
  ensure_wasm_target
  ensure_trunk
  ensure_wasm_bindgen
  ensure_wasm_split
  ensure_npm_tools
}

# Debian's Chromium and ChromeDriver, for wasm-bindgen-test and Playwright.
ensure_chromium() {
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq chromium chromium-driver
  fi
}

# Firefox ESR and WebKitGTK's WebDriver (with a virtual display to run it
# under) from Debian, for the suite in every engine (e2e/engines.mjs).
ensure_engines() {
  if ! command -v firefox-esr >/dev/null || ! command -v WebKitWebDriver >/dev/null || ! command -v xvfb-run >/dev/null; then
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb
  fi
  ensure_geckodriver
}

# geckodriver, for wasm-bindgen-test in Firefox.
ensure_geckodriver() {
  if [ "$(geckodriver --version 2>/dev/null | head -1 | cut -d' ' -f2)" != "$GECKODRIVER_VERSION" ]; then
    cargo install geckodriver --version "$GECKODRIVER_VERSION"
  fi
}

# Serves dist/ under /engarde/ on $1 in the background; sets SERVER_PID.
start_site_server() {
  # Another server on the port would be tested instead of this build.
  if curl -s -o /dev/null "http://127.0.0.1:$1/"; then
    echo "port $1 is already in use: stop what serves it, then run again" >&2
    return 1
  fi
  node e2e/serve.mjs "$1" dist >/tmp/engarde-serve-$1.log 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 50); do
    curl -sf "http://127.0.0.1:$1/engarde/" >/dev/null && return 0
    sleep 0.1
  done
  echo "the site server did not start (see /tmp/engarde-serve-$1.log)" >&2
  return 1
}
