#!/usr/bin/env bash
# The engine of any commit, built apart from the working tree: the bundle (tessera.js, worker.js, book.bin) of COMMIT
# in DIR, for matches against an earlier version (the base of an issue's final match, a candidate's parent). A
# temporary worktree of this repository, this checkout's node_modules when the lock file is the same (npm ci
# otherwise), the usual build; prints the bench so that the build can be checked against the commit's pins.
#
#   tools/build-at.sh 28c13f2 /work/bins/base-28c13f2
set -euo pipefail
commit=$1; out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/build-at-XXXXXX)
trap 'git -C "$here" worktree remove --force "$tmp" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$here" worktree add --detach -q "$tmp" "$commit"
if cmp -s "$here/package-lock.json" "$tmp/package-lock.json"; then
  ln -s "$here/node_modules" "$tmp/node_modules"
else
  (cd "$tmp" && npm ci --silent)
fi
(cd "$tmp" && npm run -s build >/dev/null)
mkdir -p "$out"
cp "$tmp/dist/tessera.js" "$tmp/dist/worker.js" "$out/"
[[ -f $tmp/dist/book.bin ]] && cp "$tmp/dist/book.bin" "$out/"
echo "$commit -> $out"
node "$out/tessera.js" bench | grep -E "Nodes searched"
