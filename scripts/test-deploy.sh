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
# expect NAME PATTERN...: the run's output holds each PATTERN (a fixed string);
# expect_output NAME PATTERN: its $GITHUB_OUTPUT holds PATTERN.
expect() {
  local p
  for p in "${@:2}"; do grep -qF -- "$p" "$work/out" || fail "$1: no '$p' in: $(head -c 600 "$work/out")"; done
}
expect_output() { grep -qF -- "$2" "$work/github_output" || fail "$1: no '$2' in: $(head -c 600 "$work/github_output")"; }
# run ENV... -- ARGS: deploy.sh with a clean environment and a fresh
# $GITHUB_OUTPUT, its output in $work/out and its exit status in $status.
run() {
  local env=()
  while [[ $1 != -- ]]; do
    env+=("$1")
    shift
  done
  : >"$work/github_output"
  status=0
  env -i PATH="$PATH" HOME="$HOME" HELM="${HELM:-}" GITHUB_OUTPUT="$work/github_output" "${env[@]}" "$deploy" "${@:2}" >"$work/out" 2>&1 || status=$?
}
# refuse MESSAGE ENV... -- ARGS and accept NAME ENV... -- ARGS: run and check the exit status.
refuse() {
  run "${@:2}"
  [[ $status != 0 ]] || fail "$1"
}
accept() {
  run "${@:2}"
  [[ $status == 0 ]] || fail "$1: exit $status: $(tail -5 "$work/out")"
}

accept "plan production, nothing set (a skip, not a failure)" -- plan production
expect_output "plan production, nothing set" "configured=false"
expect "plan production, nothing set" "::warning title=Production deploy skipped::" "PRODUCTION_URL" "The image is still published."

# The variable switches deploys on; the plan jobs cannot see the
# environments' secret, so it is never asked for there.
grep -qF "KUBE_CONFIG" "$work/out" && fail "plan production: asks for KUBE_CONFIG, which the plan job cannot see"
run PRODUCTION_URL=https://www.veldhaven.eu -- plan production
expect_output "plan production, URL set" "configured=true"

accept "plan production, a single host" PRODUCTION_URL=https://www.veldhaven.eu PRODUCTION_PLATFORM=single -- plan production
expect_output "plan production, a single host" "configured=false"
expect "plan production, a single host" "tagged live"
run -- plan preview
expect_output "plan preview, no domain" "configured=false"
expect "plan preview, no domain" "PREVIEW_DOMAIN" "forks"

run PREVIEW_DOMAIN=preview.veldhaven.eu -- plan preview
expect_output "plan preview, no registry of its own" "configured=false"
expect "plan preview, no registry of its own" "PREVIEW_IMAGE"
run PREVIEW_DOMAIN=preview.veldhaven.eu PREVIEW_IMAGE=europe-docker.pkg.dev/veldhaven/previews/site -- plan preview
expect_output "plan preview, set" "configured=true"
expect_output "plan preview, set" "registry=europe-docker.pkg.dev"
refuse "plan preview, PREVIEW_IMAGE with a tag: exit 0, want a refusal" PREVIEW_DOMAIN=preview.veldhaven.eu PREVIEW_IMAGE=ghcr.io/Veldhaven/site:latest -- plan preview
refuse "plan staging: exit 0, want a refusal" -- plan staging

for bad in 0 -1 12a "1;rm" ""; do
  refuse "preview '$bad': exit 0, want a refusal" DRY_RUN=1 PREVIEW_DOMAIN=preview.example.com IMAGE=x IMAGE_TAG=y -- preview "$bad"
done
refuse "preview with a domain that is not a DNS name: exit 0" DRY_RUN=1 PREVIEW_DOMAIN="preview.example.com/x" IMAGE=x IMAGE_TAG=y -- preview 12
digest=sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
refuse "production over http: exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=http://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest -- production
refuse "teardown without KUBE_CONFIG: exit 0" KUBE_CONFIG= -- teardown 12
expect "teardown without KUBE_CONFIG" "secret KUBE_CONFIG of the GitHub environment"
# The sweeper's list of open pull requests, as the workflow passes it.
refuse "sweep-previews with OPEN_PRS holding 'x7': exit 0, want a refusal" KUBE_CONFIG=x OPEN_PRS="3 x7" -- sweep-previews
expect "sweep-previews with a bad OPEN_PRS" "x7"

refuse "rollback staging: exit 0, want a refusal" KUBE_CONFIG=x IMAGE_TAG=y -- rollback staging
refuse "rollback production without IMAGE_TAG: exit 0, want a refusal" KUBE_CONFIG=x -- rollback production
expect "rollback production without IMAGE_TAG" "IMAGE_TAG"

# Production runs what was tested, by digest: no digest, no deploy.
refuse "production without IMAGE_DIGEST: exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y -- production
expect "production without IMAGE_DIGEST" "IMAGE_DIGEST"
for bad in sha256:abc "${digest#sha256:}" "sha512:${digest#sha256:}" "$digest;x" "${digest^^}"; do
  refuse "production with IMAGE_DIGEST '$bad': exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y "IMAGE_DIGEST=$bad" -- production
done

# The sweeper wants the open pull requests, or "none": an empty list (a
# failed lookup) must not remove every preview.
refuse "sweep-previews without numbers: exit 0, want a refusal" KUBE_CONFIG=x -- sweep-previews
expect "sweep-previews without numbers" "none"
refuse "sweep-previews with a bad number: exit 0, want a refusal" KUBE_CONFIG=x -- sweep-previews 12 "1;rm"

run DRY_RUN=1 -- teardown 12
expect "teardown 12" "helm uninstall site-pr-12 --namespace veldhaven-previews"

sha=0123456789abcdef0123456789abcdef01234567
accept "production (dry run)" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu/ IMAGE=ghcr.io/Veldhaven/Site IMAGE_TAG=$sha IMAGE_DIGEST=$digest \
  PRODUCTION_SECRET=site-env PRODUCTION_TLS_SECRET=www-tls INGRESS_CLASS=nginx IMAGE_PULL_SECRET=ghcr-pull -- production
expect "production: the image by digest" "image: \"ghcr.io/veldhaven/site@$digest\""
grep -qF "site:$sha" "$work/out" && fail "production: the image by tag, want it by digest"
expect "production" "www.veldhaven.eu" "site-env" "www-tls" "nginx" "kind: Ingress" "ghcr-pull"
expect "production: the feed owner's claim by default" "kind: PersistentVolumeClaim" "- ReadWriteOncePod"
grep -qF "storageClassName" "$work/out" && fail "production without PRODUCTION_STORAGE_CLASS: a class named"
expect "production: the feed owner" "name: veldhaven-site-feed"
expect_output "production" "url=https://www.veldhaven.eu"
accept "PRODUCTION_STORAGE_CLASS=gp3" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest PRODUCTION_STORAGE_CLASS=gp3 -- production
expect "PRODUCTION_STORAGE_CLASS=gp3" 'storageClassName: "gp3"'
refuse "PRODUCTION_STORAGE_CLASS='Fast Disks': exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest "PRODUCTION_STORAGE_CLASS=Fast Disks" -- production

# The Gateway API instead of an Ingress.
accept "production through a Gateway" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest \
  GATEWAY_NAME=site-gateway GATEWAY_NAMESPACE=gateways PRODUCTION_GATEWAY_LISTENER=www PREVIEW_GATEWAY_LISTENER=previews -- production
expect "production through a Gateway" "kind: HTTPRoute" 'name: "site-gateway"' 'namespace: "gateways"' 'sectionName: "www"' '- "www.veldhaven.eu"'
grep -qF "kind: Ingress" "$work/out" && fail "production through a Gateway: an Ingress too"
refuse "GATEWAY_NAME with PRODUCTION_TLS_SECRET: exit 0, want a refusal (the Gateway holds the certificate)" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest \
  GATEWAY_NAME=site-gateway PRODUCTION_TLS_SECRET=www-tls -- production
expect "GATEWAY_NAME with PRODUCTION_TLS_SECRET" "PRODUCTION_TLS_SECRET"
refuse "GATEWAY_NAME='a b': exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest GATEWAY_NAME="a b" -- production
accept "preview through a Gateway" DRY_RUN=1 PREVIEW_DOMAIN=preview.example.com IMAGE=x IMAGE_TAG=y \
  GATEWAY_NAME=site-gateway GATEWAY_NAMESPACE=gateways PRODUCTION_GATEWAY_LISTENER=www PREVIEW_GATEWAY_LISTENER=previews -- preview 12
expect "preview through a Gateway" "kind: HTTPRoute" 'sectionName: "previews"' '- "pr-12.preview.example.com"'
grep -qF "kind: Ingress" "$work/out" && fail "preview through a Gateway: an Ingress too"

refuse "PRODUCTION_PERSISTENCE=yes: exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest PRODUCTION_PERSISTENCE=yes -- production
accept "PRODUCTION_PERSISTENCE=false" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest PRODUCTION_PERSISTENCE=false -- production
grep -qF "kind: PersistentVolumeClaim" "$work/out" && fail "production with PRODUCTION_PERSISTENCE=false: a claim"

accept "preview 12 (dry run)" DRY_RUN=1 PREVIEW_DOMAIN=preview.example.com IMAGE=ghcr.io/veldhaven/site IMAGE_TAG=$sha -- preview 12
expect "preview 12" "ghcr.io/veldhaven/site:$sha" "pr-12.preview.example.com" "site-pr-12" "kind: Ingress"
grep -qF "kind: HTTPRoute" "$work/out" && fail "preview 12 without GATEWAY_NAME: an HTTPRoute"
grep -qF "site-env" "$work/out" && fail "preview 12: the production secret reaches a preview"
grep -qF "kind: PersistentVolumeClaim" "$work/out" && fail "preview 12: a claim (a preview's feed owner needs none)"
expect_output "preview 12" "url=https://pr-12.preview.example.com"

# The labels kube-prometheus-stack selects by: on the PodMonitor and the
# rules where the cluster serves them (test/kube checks them there); here,
# that bad ones are refused before Helm runs.
for bad in "release" "release=a b" "-x=y" "release=kube,*=x" "a=b;rm"; do
  refuse "production with MONITORING_LABELS '$bad': exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest "MONITORING_LABELS=$bad" -- production
  expect "production with MONITORING_LABELS '$bad'" "MONITORING_LABELS"
done
accept "production with MONITORING_LABELS" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest \
  MONITORING_LABELS=release=kube-prometheus-stack,app.kubernetes.io/part-of=monitoring -- production
# EKS's instance targets need a NodePort Service; a LoadBalancer per release is refused.
run DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest SERVICE_TYPE=NodePort -- production
expect "production with SERVICE_TYPE=NodePort" "type: NodePort"
refuse "production with SERVICE_TYPE=LoadBalancer: exit 0, want a refusal" DRY_RUN=1 PRODUCTION_URL=https://www.veldhaven.eu IMAGE=x IMAGE_TAG=y IMAGE_DIGEST=$digest SERVICE_TYPE=LoadBalancer -- production

if [[ $fails -gt 0 ]]; then
  echo "test-deploy: $fails failure(s)" >&2
  exit 1
fi
echo "test-deploy: scripts/deploy.sh plans, refuses and renders as the workflows expect"
