#!/usr/bin/env bash
# Generates Swift for the whole published Storefront schema with `buyflow gen` into a
# temporary package that depends on this one's `Buy` library, and builds it: the
# generator must handle every type of the real API, and its output must compile without
# warnings. Prints the generation and compile times. Skips (exit 0) when the schema file
# is absent.
#
#   Tests/Conformance/generator/full-schema.sh [schema.json] [path/to/buyflow]
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$(pwd)
schema=${1:-../shared/storefront/storefront.schema.json}
if [ ! -f "$schema" ]; then
    echo "skipped: $schema is not present"
    exit 0
fi
buyflow=${2:-}
if [ -z "$buyflow" ]; then
    swift build --product buyflow >/dev/null
    buyflow="$(swift build --show-bin-path)/buyflow"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/FullStorefront"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "full-storefront",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "buyflow", path: "$root")],
    targets: [
        .target(name: "FullStorefront", dependencies: [.product(name: "Buy", package: "buyflow")]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT

start=$(date +%s.%N)
"$buyflow" gen --schema "$schema" --output "$work/Sources/FullStorefront" --namespace Storefront \
    --schema-version "${SCHEMA_VERSION:-2026-04}"
generated=$(date +%s.%N)
files=$(ls "$work/Sources/FullStorefront" | wc -l)
echo "generated $files files in $(python3 -c "print(round($generated - $start, 3))") s"

# Build the dependencies first, so the time below is the generated module's.
(cd "$work" && swift build --target Buy -Xswiftc -warnings-as-errors >/dev/null)
compile_start=$(date +%s.%N)
(cd "$work" && swift build --target FullStorefront -Xswiftc -warnings-as-errors 2>&1 | tee "$work/build.log" | tail -3)
compiled=$(date +%s.%N)
if grep -E "(^|: )(warning|error):" "$work/build.log"; then
    echo "error: the generated code for the full schema printed warnings or errors" >&2
    exit 1
fi
echo "compiled the generated module in $(python3 -c "print(round($compiled - $compile_start, 1))") s"
