# Makes a local PostgreSQL usable for Tambat: starts the cluster if it is installed and stopped, then
# creates the role and database if missing. Sourced by scripts/run and scripts/test.
# With TAMBAT_DB_URL set, the database is someone else's: nothing is started or created.

tambat_pg_admin() {
  # Run psql as the cluster's superuser, whichever way this machine allows.
  if [ "$(id -u)" = 0 ] && id postgres >/dev/null 2>&1; then
    runuser -u postgres -- psql -v ON_ERROR_STOP=1 -qAtX "$@"
  else
    psql -h "${PGHOST:-127.0.0.1}" -U "${PGUSER:-postgres}" -v ON_ERROR_STOP=1 -qAtX "$@"
  fi
}

tambat_pg_start_if_stopped() {
  if pg_isready -q -h 127.0.0.1 -p 5432; then
    return 0
  fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -d /etc/postgresql ]; then
    echo "PostgreSQL is not running on 127.0.0.1:5432 and no local cluster is installed." >&2
    echo "Start one, or point TAMBAT_DB_URL/TAMBAT_DB_USER/TAMBAT_DB_PASSWORD at an existing server." >&2
    return 1
  fi
  local version
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  echo "Starting local PostgreSQL cluster $version/main..."
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && return 0
    sleep 1
  done
  echo "PostgreSQL did not become ready on 127.0.0.1:5432" >&2
  return 1
}

# tambat_pg_prepare <database>: role tambat/tambat and the database, owned by it.
tambat_pg_prepare() {
  local database=$1
  tambat_pg_start_if_stopped || return 1
  if [ "$(tambat_pg_admin -d postgres -c "SELECT 1 FROM pg_roles WHERE rolname = 'tambat'")" != 1 ]; then
    tambat_pg_admin -d postgres -c "CREATE ROLE tambat LOGIN PASSWORD 'tambat'"
  fi
  if [ "$(tambat_pg_admin -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$database'")" != 1 ]; then
    tambat_pg_admin -d postgres -c "CREATE DATABASE $database OWNER tambat"
  fi
}

# tambat_test_database: prepares the local test database, or, with TAMBAT_DB_URL set, fills the array
# TAMBAT_TEST_DB_ARGS with the Maven properties that point the integration tests at that server.
tambat_test_database() {
  TAMBAT_TEST_DB_ARGS=()
  if [ -z "${TAMBAT_DB_URL:-}" ]; then
    tambat_pg_prepare tambat_test
    return
  fi
  if [[ ! "$TAMBAT_DB_URL" =~ ^jdbc:postgresql://([^:/]+)(:([0-9]+))?/([^?]+) ]]; then
    echo "TAMBAT_DB_URL must look like jdbc:postgresql://host[:port]/database" >&2
    return 2
  fi
  TAMBAT_TEST_DB_ARGS+=("-Dit.db.host=${BASH_REMATCH[1]}" "-Dit.db.port=${BASH_REMATCH[3]:-5432}")
  TAMBAT_TEST_DB_ARGS+=("-Dit.db.name=${BASH_REMATCH[4]}")
  TAMBAT_TEST_DB_ARGS+=("-Dit.db.user=${TAMBAT_DB_USER:-tambat}" "-Dit.db.password=${TAMBAT_DB_PASSWORD:-tambat}")
}
