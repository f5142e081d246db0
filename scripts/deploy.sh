#!/usr/bin/env bash
# Rolls the site out to Kubernetes with the project's Helm chart
# (deploy/helm/veldhaven-site); what the release and preview workflows run.
#
#   scripts/deploy.sh plan production|preview  say whether the settings are there
#   scripts/deploy.sh production               helm upgrade --install --atomic --wait
#   scripts/deploy.sh preview <pr>             the pull request's own release and host
#   scripts/deploy.sh teardown <pr>            helm uninstall the pull request's release
#
# Settings (docs/deploy.md, "Releases and previews"), from the environment:
#   KUBE_CONFIG         the kubeconfig's text (repository secret KUBE_CONFIG)
#   IMAGE, IMAGE_TAG    the image to run (ghcr.io/<owner>/<repo>, the commit)
#   PRODUCTION_URL      production: the site's address, e.g. https://www.veldhaven.eu
#   PRODUCTION_NAMESPACE (veldhaven), PRODUCTION_SECRET (the Secret with the
#                       site's environment: LinkedIn, editor sign-in; optional),
#   PRODUCTION_TLS_SECRET (optional), PRODUCTION_REPLICAS (2)
#   PREVIEW_DOMAIN      previews: pull request N is served at https://pr-N.<domain>
#   PREVIEW_NAMESPACE   (veldhaven-previews), PREVIEW_TLS_SECRET (a wildcard
#                       certificate for *.<domain>; optional)
#   PRODUCTION_PERSISTENCE  true (default): the feed owner's /data on a
#                       ReadWriteOnce claim; false: an emptyDir (lost with the pod)
#   INGRESS_CLASS       the ingress class (optional: the cluster's default)
#   IMAGE_PULL_SECRET   a docker-registry Secret for ghcr.io in each namespace
#                       (optional: not needed when the package is public)
#   DRY_RUN=1           render with `helm template` instead (no cluster, no
#                       kubeconfig): what `make test-deploy` checks here
# On GitHub Actions, `plan` writes configured=true|false and `production`
# and `preview` write url=<address> to $GITHUB_OUTPUT.
set -euo pipefail
cd "$(dirname "$0")/.."

CHART=deploy/helm/veldhaven-site
# The Makefile's pinned helm (installed on first use) unless HELM names one.
HELM=${HELM:-}

ensure_helm() {
  if [[ -z "$HELM" ]]; then HELM=$(make -s --no-print-directory print-helm); fi
  [[ -x "$HELM" ]] || die "no helm at '$HELM'"
}

die() {
  echo "deploy: $*" >&2
  exit 1
}

output() {
  if [[ -n "${GITHUB_OUTPUT:-}" ]]; then echo "$1" >>"$GITHUB_OUTPUT"; fi
}

# pr_number checks a pull request number (it becomes a release and host name).
pr_number() {
  [[ "${1:-}" =~ ^[1-9][0-9]{0,8}$ ]] || die "want a pull request number, got '${1:-}'"
  echo "$1"
}

# host_of prints the host of an https URL, or fails.
host_of() {
  [[ "$1" =~ ^https://([a-z0-9.-]+)/?$ ]] || die "want an https:// origin without a path, got '$1'"
  echo "${BASH_REMATCH[1]}"
}

plan() {
  local what=${1:-} missing=()
  [[ -n "${KUBE_CONFIG:-}" ]] || missing+=("repository secret KUBE_CONFIG (a kubeconfig for the cluster)")
  case "$what" in
  production) [[ -n "${PRODUCTION_URL:-}" ]] || missing+=("repository variable PRODUCTION_URL (e.g. https://www.veldhaven.eu)") ;;
  preview) [[ -n "${PREVIEW_DOMAIN:-}" ]] || missing+=("repository variable PREVIEW_DOMAIN (e.g. preview.veldhaven.eu)") ;;
  *) die "plan production|preview" ;;
  esac
  if [[ ${#missing[@]} -eq 0 ]]; then
    echo "deploy: $what is configured"
    output configured=true
    return
  fi
  local list
  list=$(printf '%s; ' "${missing[@]}")
  local note="The image is still published."
  if [[ "$what" == preview ]]; then note="Pull requests from forks get no secrets, so they never have a preview."; fi
  # A workflow annotation: shown on the run's summary page.
  echo "::warning title=${what^} deploy skipped::To deploy, set the ${list%; } under Settings > Secrets and variables > Actions (docs/deploy.md). $note"
  output configured=false
}

# helm_run runs helm upgrade --install (or helm template with DRY_RUN=1).
helm_run() {
  local release=$1 namespace=$2
  shift 2
  [[ -d "$CHART" ]] || die "no chart at $CHART"
  [[ -n "${IMAGE:-}" && -n "${IMAGE_TAG:-}" ]] || die "set IMAGE and IMAGE_TAG (the image to run)"
  # Image references are lower case (GitHub keeps the owner's capitals).
  local image=${IMAGE,,}
  ensure_helm
  local args=(
    "$release" "$CHART" --namespace "$namespace"
    --set-string "image.repository=$image" --set-string "image.tag=$IMAGE_TAG"
    --set ingress.enabled=true
  )
  if [[ -n "${INGRESS_CLASS:-}" ]]; then args+=(--set-string "ingress.className=$INGRESS_CLASS"); fi
  if [[ -n "${IMAGE_PULL_SECRET:-}" ]]; then args+=(--set-string "imagePullSecrets[0].name=$IMAGE_PULL_SECRET"); fi
  args+=("$@")
  if [[ "${DRY_RUN:-}" == 1 ]]; then
    # No cluster to ask: render for the oldest Kubernetes the chart supports.
    "$HELM" template "${args[@]}" --kube-version "${KUBE_VERSION:-1.30.0}"
    return
  fi
  [[ -n "${KUBE_CONFIG:-}" ]] || die "KUBE_CONFIG is empty"
  local kubeconfig
  kubeconfig=$(mktemp)
  # shellcheck disable=SC2064 # expand now: the path is fixed
  trap "rm -f '$kubeconfig'" EXIT
  chmod 600 "$kubeconfig"
  printf '%s\n' "$KUBE_CONFIG" >"$kubeconfig"
  KUBECONFIG=$kubeconfig "$HELM" upgrade --install "${args[@]}" \
    --create-namespace --atomic --wait --timeout 10m
}

production() {
  local url=${PRODUCTION_URL:-}
  [[ -n "$url" ]] || die "set PRODUCTION_URL"
  url=${url%/}
  local host
  host=$(host_of "$url")
  local args=(
    --set-string "siteUrl=$url" --set-string "ingress.host=$host"
    --set "replicaCount=${PRODUCTION_REPLICAS:-2}"
  )
  # The feed owner (one pod) keeps its snapshot, media and the day's count of
  # LinkedIn calls on a ReadWriteOnce claim (the chart's default); the web
  # pods are stateless whatever this says.
  case "${PRODUCTION_PERSISTENCE:-}" in
  "" | true) ;;
  false) args+=(--set feed.persistence.enabled=false) ;;
  *) die "PRODUCTION_PERSISTENCE '$PRODUCTION_PERSISTENCE': want true or false" ;;
  esac
  if [[ -n "${PRODUCTION_SECRET:-}" ]]; then args+=(--set-string "existingSecret=$PRODUCTION_SECRET"); fi
  if [[ -n "${PRODUCTION_TLS_SECRET:-}" ]]; then args+=(--set-string "ingress.tlsSecretName=$PRODUCTION_TLS_SECRET"); fi
  helm_run veldhaven-site "${PRODUCTION_NAMESPACE:-veldhaven}" "${args[@]}"
  output "url=$url"
}

preview_host() {
  local domain=${PREVIEW_DOMAIN:-}
  [[ "$domain" =~ ^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$ ]] ||
    die "PREVIEW_DOMAIN '$domain': want a DNS name such as preview.veldhaven.eu"
  echo "pr-$1.$domain"
}

preview() {
  local pr host
  pr=$(pr_number "${1:-}")
  host=$(preview_host "$pr")
  # No existingSecret: a preview runs the sample feed and no editor sign-in,
  # so no credential of the firm is on a host anyone with the link can open.
  local args=(
    --set-string "siteUrl=https://$host" --set-string "ingress.host=$host"
    --set replicaCount=1 --set feed.persistence.enabled=false
  )
  if [[ -n "${PREVIEW_TLS_SECRET:-}" ]]; then args+=(--set-string "ingress.tlsSecretName=$PREVIEW_TLS_SECRET"); fi
  helm_run "site-pr-$pr" "${PREVIEW_NAMESPACE:-veldhaven-previews}" "${args[@]}"
  output "url=https://$host"
}

teardown() {
  local pr
  pr=$(pr_number "${1:-}")
  local release="site-pr-$pr" namespace=${PREVIEW_NAMESPACE:-veldhaven-previews}
  if [[ "${DRY_RUN:-}" == 1 ]]; then
    echo "helm uninstall $release --namespace $namespace --ignore-not-found --wait"
    return
  fi
  [[ -n "${KUBE_CONFIG:-}" ]] || die "KUBE_CONFIG is empty"
  ensure_helm
  local kubeconfig
  kubeconfig=$(mktemp)
  # shellcheck disable=SC2064 # expand now: the path is fixed
  trap "rm -f '$kubeconfig'" EXIT
  chmod 600 "$kubeconfig"
  printf '%s\n' "$KUBE_CONFIG" >"$kubeconfig"
  KUBECONFIG=$kubeconfig "$HELM" uninstall "$release" --namespace "$namespace" --ignore-not-found --wait
}

case "${1:-}" in
plan) plan "${2:-}" ;;
production) production ;;
preview) preview "${2:-}" ;;
teardown) teardown "${2:-}" ;;
*) die "usage: scripts/deploy.sh plan production|preview | production | preview <pr> | teardown <pr>" ;;
esac
