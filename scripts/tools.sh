# Installs the web toolchain when missing or at the wrong version. Sourced by
# scripts/serve and scripts/test; every step is skipped when already done.
TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the `=` pin in Cargo.toml

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
  ensure_npm_tools
}
