#!/usr/bin/env bash
# A loopback OpenBench instance for Tessera, on 127.0.0.1 only: the GitHub stand-in (standin.mjs) serving this
# repository, OpenBench and fastchess from local git repositories; an OpenBench checkout configured for Tessera and
# pointed at the stand-in (the patch is committed in a clone under $WORK, never in this repository); the server
# (server.sh); a user who may run clients and approve tests.
#
#   tools/openbench/loopback.sh OPENBENCH_GIT FASTCHESS_GIT
#
# OPENBENCH_GIT, FASTCHESS_GIT: git repositories (paths or URLs) of OpenBench and of fastchess. Environment: WORK
# (default /tmp/tessera-openbench), SERVER_PORT (8000), STANDIN_PORT (8010), OB_USER / OB_PASSWORD (tessera /
# tessera-loopback), BOOK (noob_3moves.epd from official-stockfish/books, CC0; default ../shared/data/openings/ beside
# the repository). Ends with the server and the stand-in running; their pids are in $WORK/*.pid.
set -euo pipefail
ob_src=${1:?usage: tools/openbench/loopback.sh OPENBENCH_GIT FASTCHESS_GIT}
fc_src=${2:?usage: tools/openbench/loopback.sh OPENBENCH_GIT FASTCHESS_GIT}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${WORK:-/tmp/tessera-openbench}
sp=${SERVER_PORT:-8000}
gp=${STANDIN_PORT:-8010}
user=${OB_USER:-tessera}
pass=${OB_PASSWORD:-tessera-loopback}
gh=http://127.0.0.1:$gp
book=${BOOK:-$repo/../shared/data/openings/noob_3moves.epd}
if [[ ! -f $book ]]; then
  echo "loopback.sh: no opening book at $book; set BOOK to noob_3moves.epd (official-stockfish/books, CC0)" >&2
  exit 2
fi
mkdir -p "$work"
t0=$SECONDS

# --- OpenBench, configured for Tessera and the stand-in, as a local repository (the client downloads itself from it)
ob=$work/OpenBench
rm -rf "$ob"
git clone -q "$ob_src" "$ob"
fc=$work/fastchess
[[ -d $fc ]] || git clone -q "$fc_src" "$fc"
(
  cd "$ob"
  # Every GitHub address the server and the client use, pointed at the stand-in.
  grep -rlE "github\.com" --include=*.py OpenBench Client | while read -r f; do
    sed -i -e "s#'github.com', 'api.github.com/repos'#'127.0.0.1:$gp/', '127.0.0.1:$gp/api/repos/'#g" \
      -e "s#https://api.github.com#$gh/api#g" -e "s#https://github.com#$gh#g" \
      -e "s#https:\\\\/\\\\/github\\\\.com#http:\\\\/\\\\/127\\\\.0\\\\.0\\\\.1:$gp#g" "$f"
  done
  /usr/bin/python3 - "$gh" "$here/Tessera.json" "$book" <<'PY'
import json, sys, os, hashlib, zipfile
gh, engine_json, book = sys.argv[1:4]
conf = json.load(open('Config/config.json'))
conf['client_repo_url'] = gh + '/AndyGrant/OpenBench'
conf['client_repo_ref'] = 'master'
conf['fastchess_repo_url'] = gh + '/AndyGrant/fastchess'
conf['fastchess_repo_ref'] = 'master'
conf['engines'] = ['Tessera']
conf['books'] = sorted(set(conf['books'] + ['noob_3moves.epd']))
json.dump(conf, open('Config/config.json', 'w'), indent=4)
engine = json.load(open(engine_json))
engine['source'] = gh + '/tessera/tessera'
json.dump(engine, open('Engines/Tessera.json', 'w'), indent=4)
data = open(book, 'rb').read()
with zipfile.ZipFile(os.environ.get('BOOKZIP', '/tmp/noob_3moves.epd.zip'), 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr('noob_3moves.epd', data)
json.dump({'sha': hashlib.sha256(data).hexdigest(), 'source': gh + '/files/noob_3moves.epd.zip'},
          open('Books/noob_3moves.epd.json', 'w'), indent=4)
PY
  git -c user.name=loopback -c user.email=loopback@127.0.0.1 commit -qam "loopback: Tessera, and GitHub pointed at $gh"
  [[ $(git rev-parse --abbrev-ref HEAD) == master ]] || git branch -f master HEAD
)
echo "--- OpenBench configured ($((SECONDS - t0)) s)"

# --- the stand-in
[[ -f $work/standin.pid ]] && kill "$(cat "$work/standin.pid")" 2>/dev/null || true
node "$here/standin.mjs" --port "$gp" --repo "tessera/tessera=$repo" --repo "AndyGrant/OpenBench=$ob" \
  --repo "AndyGrant/fastchess=$fc" --file "files/noob_3moves.epd.zip=${BOOKZIP:-/tmp/noob_3moves.epd.zip}" \
  >"$work/standin.log" 2>&1 &
echo $! >"$work/standin.pid"
sleep 1
curl -fs "$gh/api/repos/tessera/tessera/commits/HEAD" >/dev/null
echo "--- stand-in at $gh ($((SECONDS - t0)) s)"

# --- the server, and a user who may run clients and approve tests
[[ -f $work/server.pid ]] && kill "$(cat "$work/server.pid")" 2>/dev/null || true
rm -f "$ob/db.sqlite3"
WORK=$work "$here/server.sh" "$ob" "$sp"
(
  cd "$ob"
  PYTHONPATH=$work/shim /usr/bin/python3 manage.py shell -c "
from django.contrib.auth.models import User
from OpenBench.models import Profile
u = User.objects.filter(username='$user').first() or User.objects.create_user('$user', password='$pass')
u.is_staff = u.is_superuser = True
u.save()
p = Profile.objects.filter(user=u).first() or Profile.objects.create(user=u)
p.enabled = p.approver = True
p.save()
" 2>>"$work/server.log"
)
echo "--- user $user ready; loopback OpenBench at http://127.0.0.1:$sp/ ($((SECONDS - t0)) s)"
