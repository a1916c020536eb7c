#!/bin/sh
# Builds rust-fade in release mode and copies it into the host's user plugin folder
# ($XDG_DATA_HOME/transition-host/plugins, ~/.local/share/... by default), where `host list`
# finds it. Arguments go to `cargo build`; CARGO_TARGET_DIR is honoured.
set -eu
cd "$(dirname "$0")"
cargo build --release "$@"
lib="${CARGO_TARGET_DIR:-target}/release/librust_fade.so"
dest="${XDG_DATA_HOME:-$HOME/.local/share}/transition-host/plugins"
mkdir -p "$dest"
cp "$lib" "$dest/rust-fade.so.tmp"
mv -f "$dest/rust-fade.so.tmp" "$dest/rust-fade.so"
echo "installed $dest/rust-fade.so: try 'host run rust-fade'"
