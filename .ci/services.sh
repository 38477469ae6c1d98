# Sourced by .ci/run: installs what the tests need on a fresh Debian machine and starts Redis and
# PostgreSQL when nothing answers where the tests look, so that no test is skipped for a missing
# service. Exports REDIS_URL and TEST_DATABASE_URL; services it started are stopped on exit.
#
# CI_FRESH_SERVICES=1 starts a Redis and a PostgreSQL of its own on free ports even when the
# machine has some (to try this script on a machine that has them).

ci_root=$(mktemp -d "${TMPDIR:-/tmp}/ci-services.XXXXXX")
ci_cleanup=()
ci_stop_services() {
  local i
  for ((i = ${#ci_cleanup[@]} - 1; i >= 0; i--)); do eval "${ci_cleanup[$i]}" >/dev/null 2>&1 || true; done
  rm -rf "$ci_root"
}
trap ci_stop_services EXIT

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian packages, installed only when missing.
ci_missing=()
command -v chromium >/dev/null 2>&1 || ci_missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || ci_missing+=(redis-server)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || ci_missing+=(nginx)
command -v pdftoppm >/dev/null 2>&1 || ci_missing+=(poppler-utils)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || ci_missing+=(postgresql)
# promtool (tests/static/alertRules.test.ts) comes with the Prometheus server's package.
command -v promtool >/dev/null 2>&1 || ci_missing+=(prometheus)
if [ ${#ci_missing[@]} -gt 0 ]; then
  echo "Installing ${ci_missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${ci_missing[@]}" >/dev/null
  # The package's own cluster and server may have started; this script runs its own when needed.
  # The Prometheus server the package may have started (port 9090) is not one the tests use.
  if [[ " ${ci_missing[*]} " == *" prometheus "* ]]; then
    as_root systemctl disable --now prometheus >/dev/null 2>&1 || as_root service prometheus stop >/dev/null 2>&1 || true
  fi
fi

# True when something accepts TCP connections at host:port.
answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# A port for a service of our own: the default when it is free, else any free one.
own_port() {
  if [ "${CI_FRESH_SERVICES:-0}" != 1 ] && ! answers 127.0.0.1 "$1"; then echo "$1"; else free_port; fi
}

host_port_of() { node -e "const u=new URL(process.argv[1]);console.log(u.hostname+' '+(u.port||process.argv[2]))" "$1" "$2"; }

# --- Redis -----------------------------------------------------------------------------------
ci_redis_url=${REDIS_URL:-redis://127.0.0.1:6379}
# shellcheck disable=SC2046
if [ "${CI_FRESH_SERVICES:-0}" = 1 ] || ! answers $(host_port_of "$ci_redis_url" 6379); then
  port=$(own_port 6379)
  mkdir -p "$ci_root/redis"
  redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$ci_root/redis" \
    --daemonize yes --pidfile "$ci_root/redis/redis.pid" --logfile "$ci_root/redis/redis.log"
  for _ in $(seq 50); do answers 127.0.0.1 "$port" && break; sleep 0.1; done
  ci_cleanup+=("kill \$(cat '$ci_root/redis/redis.pid')")
  ci_redis_url="redis://127.0.0.1:$port"
  echo "Started Redis at $ci_redis_url"
fi
export REDIS_URL=$ci_redis_url

# --- PostgreSQL ------------------------------------------------------------------------------
ci_pg_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
# PostgreSQL refuses to run as root: its files and server belong to the postgres user then.
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
# True when the URL's server takes a connection as its user (Debian's own cluster asks for a
# password over TCP, for example: then this script runs one of its own).
pg_usable() {
  node -e "
const pg = require('pg');
const u = new URL(process.argv[1]);
u.pathname = '/postgres';
const c = new pg.Client({ connectionString: u.toString(), connectionTimeoutMillis: 2000 });
c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
" "$1" >/dev/null 2>&1
}
if [ "${CI_FRESH_SERVICES:-0}" = 1 ] || ! pg_usable "$ci_pg_url"; then
  port=$(own_port 5432)
  data="$ci_root/pg"
  mkdir -p "$data"
  [ "$(id -u)" -eq 0 ] && chown postgres "$ci_root" "$data"
  as_pg env PATH="${pg_bin:+$pg_bin:}$PATH" initdb -D "$data" -U postgres -A trust >/dev/null
  as_pg env PATH="${pg_bin:+$pg_bin:}$PATH" pg_ctl -D "$data" -l "$data/server.log" -w \
    -o "-p $port -k $data -c listen_addresses=127.0.0.1" start >/dev/null
  ci_cleanup+=("runuser -u postgres -- env PATH='${pg_bin:+$pg_bin:}$PATH' pg_ctl -D '$data' -m immediate stop || pg_ctl -D '$data' -m immediate stop")
  ci_pg_url="postgres://postgres@127.0.0.1:$port/test"
  echo "Started PostgreSQL at $ci_pg_url"
fi
# The tests' database; an existing one is kept.
node -e "
const pg = require('pg');
const u = new URL(process.argv[1]);
const db = u.pathname.slice(1) || 'test';
u.pathname = '/postgres';
const c = new pg.Client({ connectionString: u.toString() });
c.connect()
  .then(() => c.query('SELECT 1 FROM pg_database WHERE datname = \$1', [db]))
  .then((r) => (r.rowCount ? null : c.query('CREATE DATABASE \"' + db.replace(/\"/g, '') + '\"')))
  .catch((e) => console.error('could not create the test database: ' + e.message))
  .finally(() => c.end());
" "$ci_pg_url"
export TEST_DATABASE_URL=$ci_pg_url
