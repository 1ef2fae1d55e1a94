#!/usr/bin/env bash
# A loopback OpenBench server (AndyGrant/OpenBench, GPL-3.0: used as a separate program, never copied into this
# repository) on Debian's packages alone: Django 3.2 (the server asks for 4.2 on PyPI; 3.2 passes its checks and
# serves its pages) and a pass-through stand-in for django-htmlmin, which Debian does not package (pages go out
# unminified). Listens on 127.0.0.1 only.
#
#   tools/openbench/server.sh OPENBENCH_SOURCE [PORT]
#
# OPENBENCH_SOURCE: a checkout of OpenBench, or a git URL to clone it from (into $WORK/OpenBench).
# WORK (default /tmp/tessera-openbench) holds the clone, the shim and the server's log; the database is the
# checkout's db.sqlite3. Prints the server's address once it answers.
set -euo pipefail
src=${1:?usage: tools/openbench/server.sh OPENBENCH_SOURCE [PORT]}
port=${2:-8000}
work=${WORK:-/tmp/tessera-openbench}
mkdir -p "$work"

need=()
for p in python3-django python3-scipy python3-requests python3-psutil python3-cpuinfo; do
  dpkg-query -W -f="\${Status}" "$p" 2>/dev/null | grep -q "ok installed" || need+=("$p")
done
if ((${#need[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

if [[ -d $src ]]; then ob=$(cd "$src" && pwd); else
  ob=$work/OpenBench
  [[ -d $ob ]] || git clone -q "$src" "$ob"
fi

shim=$work/shim/htmlmin
mkdir -p "$shim"
: >"$shim/__init__.py"
cat >"$shim/middleware.py" <<'PY'
# Pass-through stand-ins for django-htmlmin's two middlewares.
class _PassThrough:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)


HtmlMinifyMiddleware = _PassThrough
MarkRequestMiddleware = _PassThrough
PY

export PYTHONPATH=$work/shim
cd "$ob"
# The server's PGN watcher starts with the app and complains until the tables exist: its words go to the log.
/usr/bin/python3 manage.py migrate -v 0 2>>"$work/server.log"
/usr/bin/python3 manage.py migrate --run-syncdb -v 0 2>>"$work/server.log"
/usr/bin/python3 manage.py runserver "127.0.0.1:$port" >"$work/server.log" 2>&1 &
echo $! >"$work/server.pid"
for _ in $(seq 1 60); do
  if curl -fs -o /dev/null "http://127.0.0.1:$port/index/"; then
    echo "OpenBench at http://127.0.0.1:$port/ (pid $(cat "$work/server.pid"), log $work/server.log)"
    exit 0
  fi
  sleep 1
done
echo "the server did not answer within 60 s; see $work/server.log" >&2
exit 1
