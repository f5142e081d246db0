#!/usr/bin/env bash
# make test-deploy: scripts/deploy.sh's skip messages and refusals, and (DRY_RUN=1,
# no cluster) what production and a preview render.
set -euo pipefail
cd "$(dirname "$0")/.."
deploy=scripts/deploy.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() {
  echo "test-deploy: FAIL: $*" >&2
  fails=$((fails + 1))
}
# expect NAME PATTERN FILE: FILE contains PATTERN (a fixed string).
expect() {
  grep -qF -- "$2" "$3" || fail "$1: no '$2' in: $(head -c 600 "$3")"
}
# run OUTFILE ENV... -- ARGS: runs deploy.sh with a clean environment and a
# fresh $GITHUB_OUTPUT; its exit status is in $status.
# refuse MESSAGE ENV... -- ARGS and accept NAME ENV... -- ARGS: run and check the exit status.
refuse() {
  local message=$1
  shift
  run "$work/out" "$@"
  [[ $status != 0 ]] || fail "$message"
}
accept() {
  local name=$1
  shift
  run "$work/out" "$@"
  [[ $status == 0 ]] || fail "$name: exit $status: $(tail -5 "$work/out")"
}
run() {
  local out=$1
  shift
  local env=()
  while [[ $1 != -- ]]; do
    env+=("$1")
    shift
  done
  shift
  : >"$work/github_output"
  status=0
  env -i PATH="$PATH" HOME="$HOME" HELM="${HELM:-}" GITHUB_OUTPUT="$work/github_output" "${env[@]}" "$deploy" "$@" >"$out" 2>&1 || status=$?
}

run "$work/out" -- plan production
expect "plan production, nothing set" "configured=false" "$work/github_output"
expect "plan production, nothing set" "::warning title=Production deploy skipped::" "$work/out"
expect "plan production, nothing set" "PRODUCTION_URL" "$work/out"
expect "plan production, nothing set" "The image is still published." "$work/out"
[[ $status == 0 ]] || fail "plan production, nothing set: exit $status, want 0 (a skip, not a failure)"

# The variable switches deploys on; the plan jobs cannot see the
# environments' secret, so it is never asked for there.
grep -qF "KUBE_CONFIG" "$work/out" && fail "plan production: asks for KUBE_CONFIG, which the plan job cannot see"
run "$work/out" PRODUCTION_URL=https://www.veldhaven.eu -- plan production
expect "plan production, URL set" "configured=true" "$work/github_output"

run "$work/out" PRODUCTION_URL=https://www.veldhaven.eu PRODUCTION_PLATFORM=single -- plan production
expect "plan production, a single host" "configured=false" "$work/github_output"
expect "plan production, a single host" "tagged live" "$work/out"
[[ $status == 0 ]] || fail "plan production, a single host: exit $status, want 0"
run "$work/out" -- plan preview
expect "plan preview, no domain" "configured=false" "$work/github_output"
expect "plan preview, no domain" "PREVIEW_DOMAIN" "$work/out"
expect "plan preview, no domain" "forks" "$work/out"

run "$work/out" PREVIEW_DOMAIN=preview.veldhaven.eu -- plan preview
expect "plan preview, no registry of its own" "configured=false" "$work/github_output"
expect "plan preview, no registry of its own" "PREVIEW_IMAGE" "$work/out"
run "$work/out" PREVIEW_DOMAIN=preview.veldhaven.eu PREVIEW_IMAGE=europe-docker.pkg.dev/veldhaven/previews/site -- plan preview
expect "plan preview, set" "configured=true" "$work/github_output"
expect "plan preview, set" "registry=europe-docker.pkg.dev" "$work/github_output"
refuse "plan preview, PREVIEW_IMAGE with a tag: exit 0, want a refusal" PREVIEW_DOMAIN=preview.veldhaven.eu PREVIEW_IMAGE=ghcr.io/Veldhaven/site:latest -- plan preview
refuse "plan staging: exit 0, want a refusal" -- plan staging

for bad in 0 -1 12a "1;rm" ""; do
  refuse "preview '$bad': exit 0, want a refusal" DRY_RUN=1 PREVIEW_DOMAIN=preview.example.com IMAGE=x IMAGE_TAG=y -- preview "$bad"
done
refuse "preview with a domain that is not a DNS name: exit 0" DRY_RUN=1 PREVIEW_DOMAIN="preview.example.com/x" IMAGE=x IMAGE_TAG=y -- preview 12
digest=sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
refuse "production over http: exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=http://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest -- production
refuse "teardown without KUBE_CONFIG: exit 0" KUBE_CONFIG= -- teardown 12
expect "teardown without KUBE_CONFIG" "secret KUBE_CONFIG of the GitHub environment" "$work/out"
# The sweeper's list of open pull requests, as the workflow passes it.
refuse "sweep-previews with OPEN_PRS holding 'x7': exit 0, want a refusal" KUBE_CONFIG=x OPEN_PRS="3 x7" -- sweep-previews
expect "sweep-previews with a bad OPEN_PRS" "x7" "$work/out"

refuse "rollback staging: exit 0, want a refusal" KUBE_CONFIG=x IMAGE_TAG=y -- rollback staging
refuse "rollback production without IMAGE_TAG: exit 0, want a refusal" KUBE_CONFIG=x -- rollback production
expect "rollback production without IMAGE_TAG" "IMAGE_TAG" "$work/out"

# Production runs what was tested, by digest: no digest, no deploy.
refuse "production without IMAGE_DIGEST: exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y -- production
expect "production without IMAGE_DIGEST" "IMAGE_DIGEST" "$work/out"
for bad in sha256:abc "${digest#sha256:}" "sha512:${digest#sha256:}" "$digest;x" "${digest^^}"; do
  refuse "production with IMAGE_DIGEST '$bad': exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y "IMAGE_DIGEST=$bad" -- production
done

# The sweeper wants the open pull requests, or "none": an empty list (a
# failed lookup) must not remove every preview.
refuse "sweep-previews without numbers: exit 0, want a refusal" KUBE_CONFIG=x -- sweep-previews
expect "sweep-previews without numbers" "none" "$work/out"
refuse "sweep-previews with a bad number: exit 0, want a refusal" KUBE_CONFIG=x -- sweep-previews 12 "1;rm"

run "$work/out" DRY_RUN=1 -- teardown 12
expect "teardown 12" "helm uninstall site-pr-12 --namespace veldhaven-previews" "$work/out"

sha=0123456789abcdef0123456789abcdef01234567
run "$work/out" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu/ IMAGE=ghcr.io/Veldhaven/Site IMAGE_TAG=$sha IMAGE_DIGEST=$digest \
  PRODUCTION_SECRET=site-env PRODUCTION_TLS_SECRET=www-tls INGRESS_CLASS=nginx IMAGE_PULL_SECRET=ghcr-pull -- production
[[ $status == 0 ]] || fail "production (dry run): exit $status: $(tail -5 "$work/out")"
expect "production: the image by digest" "image: \"ghcr.io/veldhaven/site@$digest\"" "$work/out"
grep -qF "site:$sha" "$work/out" && fail "production: the image by tag, want it by digest"
expect "production" "www.veldhaven.eu" "$work/out"
expect "production" "site-env" "$work/out"
expect "production" "www-tls" "$work/out"
expect "production" "nginx" "$work/out"
expect "production" "kind: Ingress" "$work/out"
expect "production" "ghcr-pull" "$work/out"
expect "production: the feed owner's claim by default" "kind: PersistentVolumeClaim" "$work/out"
expect "production: the feed owner's claim by default" "- ReadWriteOncePod" "$work/out"
grep -qF "storageClassName" "$work/out" && fail "production without PRODUCTION_STORAGE_CLASS: a class named"
expect "production: the feed owner" "name: veldhaven-site-feed" "$work/out"
expect "production" "url=https://www.veldhaven.eu" "$work/github_output"
accept "PRODUCTION_STORAGE_CLASS=gp3" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest PRODUCTION_STORAGE_CLASS=gp3 -- production
expect "PRODUCTION_STORAGE_CLASS=gp3" 'storageClassName: "gp3"' "$work/out"
refuse "PRODUCTION_STORAGE_CLASS='Fast Disks': exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest "PRODUCTION_STORAGE_CLASS=Fast Disks" -- production

# The Gateway API instead of an Ingress.
run "$work/out" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest \
  GATEWAY_NAME=site-gateway GATEWAY_NAMESPACE=gateways PRODUCTION_GATEWAY_LISTENER=www PREVIEW_GATEWAY_LISTENER=previews -- production
[[ $status == 0 ]] || fail "production through a Gateway: exit $status: $(tail -5 "$work/out")"
expect "production through a Gateway" "kind: HTTPRoute" "$work/out"
expect "production through a Gateway" 'name: "site-gateway"' "$work/out"
expect "production through a Gateway" 'namespace: "gateways"' "$work/out"
expect "production through a Gateway" 'sectionName: "www"' "$work/out"
expect "production through a Gateway" '- "www.veldhaven.eu"' "$work/out"
grep -qF "kind: Ingress" "$work/out" && fail "production through a Gateway: an Ingress too"
run "$work/out" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest \
  GATEWAY_NAME=site-gateway PRODUCTION_TLS_SECRET=www-tls -- production
[[ $status != 0 ]] || fail "GATEWAY_NAME with PRODUCTION_TLS_SECRET: exit 0, want a refusal (the Gateway holds the certificate)"
expect "GATEWAY_NAME with PRODUCTION_TLS_SECRET" "PRODUCTION_TLS_SECRET" "$work/out"
refuse "GATEWAY_NAME='a b': exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest GATEWAY_NAME="a b" -- production
run "$work/out" DRY_RUN=1 PREVIEW_DOMAIN=preview.example.com IMAGE=x IMAGE_TAG=y \
  GATEWAY_NAME=site-gateway GATEWAY_NAMESPACE=gateways PRODUCTION_GATEWAY_LISTENER=www PREVIEW_GATEWAY_LISTENER=previews -- preview 12
[[ $status == 0 ]] || fail "preview through a Gateway: exit $status: $(tail -5 "$work/out")"
expect "preview through a Gateway" "kind: HTTPRoute" "$work/out"
expect "preview through a Gateway" 'sectionName: "previews"' "$work/out"
expect "preview through a Gateway" '- "pr-12.preview.example.com"' "$work/out"
grep -qF "kind: Ingress" "$work/out" && fail "preview through a Gateway: an Ingress too"

refuse "PRODUCTION_PERSISTENCE=yes: exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest PRODUCTION_PERSISTENCE=yes -- production
accept "PRODUCTION_PERSISTENCE=false" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest PRODUCTION_PERSISTENCE=false -- production
grep -qF "kind: PersistentVolumeClaim" "$work/out" && fail "production with PRODUCTION_PERSISTENCE=false: a claim"

accept "preview 12 (dry run)" DRY_RUN=1 PREVIEW_DOMAIN=preview.example.com IMAGE=ghcr.io/veldhaven/site IMAGE_TAG=$sha -- preview 12
expect "preview 12" "ghcr.io/veldhaven/site:$sha" "$work/out"
expect "preview 12" "pr-12.preview.example.com" "$work/out"
expect "preview 12" "site-pr-12" "$work/out"
expect "preview 12" "kind: Ingress" "$work/out"
grep -qF "kind: HTTPRoute" "$work/out" && fail "preview 12 without GATEWAY_NAME: an HTTPRoute"
grep -qF "site-env" "$work/out" && fail "preview 12: the production secret reaches a preview"
grep -qF "kind: PersistentVolumeClaim" "$work/out" && fail "preview 12: a claim (a preview's feed owner needs none)"
expect "preview 12" "url=https://pr-12.preview.example.com" "$work/github_output"

# The labels kube-prometheus-stack selects by: on the PodMonitor and the
# rules where the cluster serves them (test/kube checks them there); here,
# that bad ones are refused before Helm runs.
for bad in "release" "release=a b" "-x=y" "release=kube,*=x" "a=b;rm"; do
  refuse "production with MONITORING_LABELS '$bad': exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest "MONITORING_LABELS=$bad" -- production
  expect "production with MONITORING_LABELS '$bad'" "MONITORING_LABELS" "$work/out"
done
run "$work/out" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest \
  MONITORING_LABELS=release=kube-prometheus-stack,app.kubernetes.io/part-of=monitoring -- production
[[ $status == 0 ]] || fail "production with MONITORING_LABELS: exit $status: $(tail -5 "$work/out")"
# EKS's instance targets need a NodePort Service; a LoadBalancer per release is refused.
run "$work/out" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest SERVICE_TYPE=NodePort -- production
expect "production with SERVICE_TYPE=NodePort" "type: NodePort" "$work/out"
refuse "production with SERVICE_TYPE=LoadBalancer: exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest SERVICE_TYPE=LoadBalancer -- production

if [[ $fails -gt 0 ]]; then
  echo "test-deploy: $fails failure(s)" >&2
  exit 1
fi
echo "test-deploy: scripts/deploy.sh plans, refuses and renders as the workflows expect"
