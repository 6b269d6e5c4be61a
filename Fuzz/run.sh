#!/usr/bin/env bash
# Builds the libFuzzer harnesses with AddressSanitizer and runs each for a while.
#   Fuzz/run.sh                 # every harness, 60 s each
#   Fuzz/run.sh FuzzPNG 600     # one harness, 10 minutes
# Crashes land in Fuzz/crashes/<harness>/ (reproduce: .build-fuzz/debug/<harness> <file>).
# Corpora persist in Fuzz/corpus/<harness>/ (not committed). CI does not run this.
set -euo pipefail
cd "$(dirname "$0")"
harnesses=(FuzzPNG FuzzJPEG FuzzAnimation FuzzNames FuzzText FuzzServe)
[ -n "${1:-}" ] && harnesses=("$1")
seconds=${2:-60}
log=$(mktemp)
if ! swift build --scratch-path ../.build-fuzz -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library > "$log" 2>&1; then
  grep -E "error" "$log" | head -20; echo "fuzz: build failed (full log: $log)" >&2; exit 1
fi
rm -f "$log"
for h in "${harnesses[@]}"; do
  mkdir -p "corpus/$h" "crashes/$h"
  case $h in  # seed the image corpora with the test fixtures
    FuzzPNG) cp -n ../Tests/FrostImageTests/Fixtures/*.png "corpus/$h/" 2>/dev/null || true ;;
    FuzzJPEG) cp -n ../Tests/FrostImageTests/Fixtures/*.jpg "corpus/$h/" 2>/dev/null || true ;;
  esac
  echo "== $h for ${seconds}s"
  ../.build-fuzz/debug/"$h" -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=10 \
    -artifact_prefix="crashes/$h/" "corpus/$h" 2>&1 | grep -E "^(#[0-9]+ +DONE|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Done)" || true
done
