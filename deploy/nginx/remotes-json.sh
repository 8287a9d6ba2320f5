#!/bin/sh
# Runs from the nginx image's /docker-entrypoint.d/ before nginx starts. Writes the shell's
# /remotes.json from MFE_*_URL, as scripts/topology.ts `remotesManifest` computes it (default
# http://localhost:<port>), unless an operator mounted their own file at /etc/outsync/remotes.json
# (the REMOTES_JSON_FILE of scripts/serve-app.ts: edit it to switch a module's release).
set -eu
file=/etc/outsync/remotes.json
if [ -e "$file" ]; then
  echo "outsync: serving the mounted $file"
  exit 0
fi
origin() { printf '%s' "$1" | sed 's#/*$##'; }
auth=$(origin "${MFE_AUTH_URL:-http://localhost:3001}")
webhooks=$(origin "${MFE_WEBHOOKS_URL:-http://localhost:3002}")
accounts=$(origin "${MFE_ACCOUNTS_URL:-http://localhost:3003}")
history=$(origin "${MFE_HISTORY_URL:-http://localhost:3004}")
mkdir -p /etc/outsync
cat > "$file" <<JSON
{
  "outsync_auth": "$auth/mf-manifest.json",
  "outsync_webhooks": "$webhooks/mf-manifest.json",
  "outsync_accounts": "$accounts/mf-manifest.json",
  "outsync_history": "$history/mf-manifest.json"
}
JSON
echo "outsync: wrote $file from MFE_*_URL"
