#!/bin/sh
# Builds swift-fade in release mode and copies it into the host's user plugin folder
# ($XDG_DATA_HOME/transition-host/plugins, ~/.local/share/... by default), where `host list`
# finds it. Arguments go to `swift build`, e.g. ./install.sh --scratch-path /tmp/build
set -eu
cd "$(dirname "$0")"
swift build -c release "$@"
lib="$(swift build -c release --show-bin-path "$@")/libswift-fade.so"
dest="${XDG_DATA_HOME:-$HOME/.local/share}/transition-host/plugins"
mkdir -p "$dest"
cp "$lib" "$dest/swift-fade.so.tmp"
mv -f "$dest/swift-fade.so.tmp" "$dest/swift-fade.so"
echo "installed $dest/swift-fade.so: try 'host run swift-fade'"
