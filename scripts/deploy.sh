#!/usr/bin/env bash
# Rolls the site out to Kubernetes with the project's Helm chart: what the release
# and preview workflows run (docs/deploy.md, "One-time set-up of the repository",
# lists its settings).
#   plan production|preview     say whether the settings are there
#   production | preview <pr>   helm upgrade --install --atomic --wait
#   teardown <pr>               helm uninstall the pull request's release
#   rollback production         after a failed smoke test: the release before IMAGE_TAG's
#   sweep-previews <open PR numbers...>|none (or OPEN_PRS="1 2")   uninstall the others
# DRY_RUN=1 renders with `helm template` (no cluster). On GitHub it writes configured=,
# url=, result= (what is live after a failure) and swept= to $GITHUB_OUTPUT. It never
# creates a namespace: the deploy identity reaches only its own.
set -euo pipefail
cd "$(dirname "$0")/.."

CHART=deploy/helm/veldhaven-site
HELM=${HELM:-}
TIMEOUT=${DEPLOY_TIMEOUT:-10m}

die() {
  echo "deploy: $*" >&2
  exit 1
}
output() { if [[ -n "${GITHUB_OUTPUT:-}" ]]; then echo "$1" >>"$GITHUB_OUTPUT"; fi; }
# A commit status's description holds at most 140 characters.
short() { echo "${1:0:12}"; }

pr_number() {
  [[ "${1:-}" =~ ^[1-9][0-9]{0,8}$ ]] || die "want a pull request number, got '${1:-}'"
  echo "$1"
}

# dns_name checks a Kubernetes object name from a setting.
dns_name() {
  [[ "$2" =~ ^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$ ]] || die "$1 '$2': want a Kubernetes name (lower case letters, digits, '-' and '.')"
}

# plan reads repository variables only: the plan jobs run outside the
# environments that hold KUBE_CONFIG.
plan() {
  local what=${1:-} missing=""
  case "$what" in
  production)
    if [[ "${PRODUCTION_PLATFORM:-}" == single ]]; then
      echo "::notice title=Production is a single host::It runs the image tagged live, which this release moves once its checks pass; no Kubernetes deploy (docs/deploy.md)."
      output configured=false
      return
    fi
    [[ -n "${PRODUCTION_URL:-}" ]] || missing="repository variable PRODUCTION_URL (e.g. https://www.veldhaven.eu)"
    ;;
  preview)
    [[ -n "${PREVIEW_DOMAIN:-}" ]] || missing="repository variable PREVIEW_DOMAIN (e.g. preview.veldhaven.eu); "
    if [[ -z "${PREVIEW_IMAGE:-}" ]]; then
      missing+="repository variable PREVIEW_IMAGE (the previews' own registry, e.g. europe-docker.pkg.dev/veldhaven/previews/site)"
    elif [[ "$PREVIEW_IMAGE" =~ ^([a-z0-9.-]+(:[0-9]+)?)/[a-z0-9._/-]+$ ]]; then
      output "registry=${BASH_REMATCH[1]}"
    else
      die "PREVIEW_IMAGE '$PREVIEW_IMAGE': want registry-host/repository in lower case, without a tag"
    fi
    ;;
  *) die "plan production|preview" ;;
  esac
  if [[ -z "$missing" ]]; then
    echo "deploy: $what is configured"
    output configured=true
    return
  fi
  local note="The image is still published."
  if [[ "$what" == preview ]]; then note="Pull requests from forks get no secrets, so they never have a preview."; fi
  echo "::warning title=${what^} deploy skipped::To deploy, set the ${missing%; } (Settings > Environments, and Settings > Secrets and variables > Actions; docs/deploy.md). $note"
  output configured=false
}

# connect writes $KUBE_CONFIG to a private file for KUBECONFIG, and checks
# that Helm's records in namespace $1 can be read (a namespace-scoped identity
# is refused this where the namespace is missing and where it has no rights).
connect() {
  [[ -n "$HELM" ]] || HELM=$(make -s --no-print-directory print-helm)
  [[ -x "$HELM" ]] || die "no helm at '$HELM'"
  [[ -n "${KUBE_CONFIG:-}" ]] || die "KUBE_CONFIG is empty: set the secret KUBE_CONFIG of the GitHub environment ${DEPLOY_ENVIRONMENT:-production or preview} (Settings > Environments; docs/deploy.md, \"One-time set-up of the repository\")"
  KUBECONFIG=$(mktemp)
  export KUBECONFIG
  # shellcheck disable=SC2064 # expand now: the path is fixed
  trap "rm -f '$KUBECONFIG'" EXIT
  chmod 600 "$KUBECONFIG"
  printf '%s\n' "$KUBE_CONFIG" >"$KUBECONFIG"
  local out
  out=$("$HELM" list --namespace "$1" --all --short 2>&1) || no_namespace "$1" "$(printf '%s' "$out" | tail -1)"
}

no_namespace() {
  die "cannot deploy to namespace \"$1\": it does not exist or the deploy identity has no rights in it ($2). The cluster's owner creates the namespace and binds the deploy identity to the admin ClusterRole in it, once (deploy/cluster/deploy-identity.yaml; docs/deploy.md, \"One-time set-up of the repository\", step 1); this script does not create namespaces."
}

# revisions prints "revision status" lines of release $1 in namespace $2,
# oldest first (none when it does not exist).
revisions() {
  local json re='"revision":([0-9]+),[^}]*"status":"([a-z-]+)"'
  json=$("$HELM" history "$1" --namespace "$2" --max 256 -o json 2>/dev/null) || return 0
  while [[ $json =~ $re ]]; do
    echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
    json=${json#*"${BASH_REMATCH[0]}"}
  done
}

# tag_of prints the image tag revision $3 of release $1 was deployed with.
tag_of() {
  local values
  values=$("$HELM" get values "$1" --namespace "$2" --revision "$3" -o json 2>/dev/null) || return 0
  [[ $values =~ \"tag\":\"([^\"]*)\" ]] && echo "${BASH_REMATCH[1]}"
}

# live prints what a release serves, "revision N (image tag T)", or nothing.
live() {
  local rev status deployed=""
  while read -r rev status; do
    if [[ "$status" == deployed ]]; then deployed=$rev; fi
  done < <(revisions "$1" "$2")
  if [[ -n "$deployed" ]]; then echo "revision $deployed (image tag $(short "$(tag_of "$1" "$2" "$deployed")"))"; fi
}

# recover_release undoes what an interrupted run left pending, which Helm
# takes for a run still at work. The workflows' concurrency groups run one
# deploy per release at a time, so a pending release here is a dead run's: a
# first install is uninstalled (it never went live), an upgrade or rollback is
# rolled back to the revision deployed before it.
recover_release() {
  local rev status last="" last_status="" before="" deployed=""
  while read -r rev status; do
    before=$last last=$rev last_status=$status
    if [[ "$status" == deployed ]]; then deployed=$rev; fi
  done < <(revisions "$1" "$2")
  case "$last_status" in
  pending-install)
    echo "deploy: release $1 was left pending-install by an interrupted run; uninstalling it (it never went live)" >&2
    "$HELM" uninstall "$1" --namespace "$2" --wait --timeout "$TIMEOUT"
    ;;
  pending-upgrade | pending-rollback)
    # Only failed revisions before it: the newest of them, as an uninstall
    # would delete the feed owner's claim.
    deployed=${deployed:-$before}
    echo "deploy: release $1 was left $last_status (revision $last) by an interrupted run; rolling back to revision $deployed, the one deployed before it" >&2
    "$HELM" rollback "$1" "$deployed" --namespace "$2" --wait --timeout "$TIMEOUT"
    ;;
  esac
}

# route_args prints the chart's routing values, one a line: an HTTPRoute to
# GATEWAY_NAME's listener named by variable $2, else an Ingress with the TLS
# Secret named by variable $1. A Gateway's listeners hold its certificates.
route_args() {
  local tls_var=$1 listener_var=$2
  if [[ -z "${GATEWAY_NAME:-}" ]]; then
    printf '%s\n' --set ingress.enabled=true
    if [[ -n "${INGRESS_CLASS:-}" ]]; then printf '%s\n' --set-string "ingress.className=$INGRESS_CLASS"; fi
    if [[ -n "${!tls_var:-}" ]]; then printf '%s\n' --set-string "ingress.tlsSecretName=${!tls_var}"; fi
    return
  fi
  dns_name GATEWAY_NAME "$GATEWAY_NAME"
  [[ -z "${!tls_var:-}" ]] || die "$tls_var is the Ingress's certificate; with GATEWAY_NAME the Gateway's listener holds it (certificateRefs): unset $tls_var"
  printf '%s\n' --set httpRoute.enabled=true --set-string "httpRoute.gateway.name=$GATEWAY_NAME"
  if [[ -n "${GATEWAY_NAMESPACE:-}" ]]; then
    dns_name GATEWAY_NAMESPACE "$GATEWAY_NAMESPACE"
    printf '%s\n' --set-string "httpRoute.gateway.namespace=$GATEWAY_NAMESPACE"
  fi
  if [[ -n "${!listener_var:-}" ]]; then
    dns_name "$listener_var" "${!listener_var}"
    printf '%s\n' --set-string "httpRoute.gateway.sectionName=${!listener_var}"
  fi
}

# helm_run RELEASE NAMESPACE ROUTE_TLS_VAR ROUTE_LISTENER_VAR ARGS...: helm
# upgrade --install --atomic (a release that is not ready within the timeout
# is rolled back), or helm template with DRY_RUN=1.
helm_run() {
  local release=$1 namespace=$2 routing
  routing=$(route_args "$3" "$4") || exit 1
  shift 4
  [[ -n "${IMAGE:-}" && -n "${IMAGE_TAG:-}" ]] || die "set IMAGE and IMAGE_TAG (the image to run)"
  # Image references are lower case (GitHub keeps the owner's capitals).
  local args=("$release" "$CHART" --namespace "$namespace" --set-string "image.repository=${IMAGE,,}" --set-string "image.tag=$IMAGE_TAG" "$@")
  mapfile -t -O "${#args[@]}" args <<<"$routing"
  if [[ -n "${IMAGE_PULL_SECRET:-}" ]]; then args+=(--set-string "imagePullSecrets[0].name=$IMAGE_PULL_SECRET"); fi
  # NodePort where the load balancer targets nodes (EKS's instance targets).
  case "${SERVICE_TYPE:-}" in
  "") ;;
  ClusterIP | NodePort) args+=(--set-string "service.type=$SERVICE_TYPE") ;;
  *) die "SERVICE_TYPE '$SERVICE_TYPE': want ClusterIP or NodePort (the route's load balancer reaches the Service)" ;;
  esac
  if [[ "${DRY_RUN:-}" == 1 ]]; then
    [[ -n "$HELM" ]] || HELM=$(make -s --no-print-directory print-helm)
    "$HELM" template "${args[@]}" --kube-version "${KUBE_VERSION:-1.30.0}"
    return
  fi
  connect "$namespace"
  recover_release "$release" "$namespace"
  local errors status=0
  errors=$(mktemp)
  # shellcheck disable=SC2064 # expand now: the paths are fixed
  trap "rm -f '$KUBECONFIG' '$errors'" EXIT
  "$HELM" upgrade --install "${args[@]}" --atomic --wait --timeout "$TIMEOUT" 2>"$errors" || status=$?
  cat "$errors" >&2
  if [[ $status == 0 ]]; then return; fi
  if grep -qF "namespaces \"$namespace\" not found" "$errors"; then no_namespace "$namespace" "not found"; fi
  local result
  result="Deploy of $(short "$IMAGE_TAG") failed; live: $(live "$release" "$namespace" | grep . || echo "nothing (no release)")"
  output "result=$result"
  die "$result"
}

production() {
  local url=${PRODUCTION_URL:-}
  [[ -n "$url" ]] || die "set PRODUCTION_URL"
  url=${url%/}
  [[ "$url" =~ ^https://([a-z0-9.-]+)$ ]] || die "want an https:// origin without a path, got '$url'"
  local args=(--set-string "siteUrl=$url" --set-string "ingress.host=${BASH_REMATCH[1]}" --set "replicaCount=${PRODUCTION_REPLICAS:-2}")
  # By digest: what was tested and pushed runs, even if the tag is pushed again.
  [[ "${IMAGE_DIGEST:-}" =~ ^sha256:[0-9a-f]{64}$ ]] ||
    die "IMAGE_DIGEST '${IMAGE_DIGEST:-}': production runs the image by digest; want sha256:<64 hex digits> (the digest the image's push printed)"
  args+=(--set-string "image.digest=$IMAGE_DIGEST")
  case "${PRODUCTION_PERSISTENCE:-}" in
  "" | true)
    if [[ -n "${PRODUCTION_STORAGE_CLASS:-}" ]]; then
      dns_name PRODUCTION_STORAGE_CLASS "$PRODUCTION_STORAGE_CLASS"
      args+=(--set-string "feed.persistence.storageClass=$PRODUCTION_STORAGE_CLASS")
    fi
    ;;
  false) args+=(--set feed.persistence.enabled=false) ;;
  *) die "PRODUCTION_PERSISTENCE '$PRODUCTION_PERSISTENCE': want true or false" ;;
  esac
  if [[ -n "${PRODUCTION_SECRET:-}" ]]; then args+=(--set-string "existingSecret=$PRODUCTION_SECRET"); fi
  # The labels the cluster's Prometheus Operator selects PodMonitors and rules by.
  local pair key value pairs=()
  IFS=, read -ra pairs <<<"${MONITORING_LABELS:-}"
  for pair in "${pairs[@]}"; do
    key=${pair%%=*} value=${pair#*=}
    [[ "$pair" == *=* && "$key" =~ ^([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$ &&
      "$value" =~ ^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$ ]] ||
      die "MONITORING_LABELS '$MONITORING_LABELS': want name=value[,name=value...] in Kubernetes' label syntax (e.g. release=kube-prometheus-stack)"
    # Helm reads a dot in a --set key as nesting.
    args+=(--set-string "monitoring.labels.${key//./\\.}=$value")
  done
  helm_run veldhaven-site "${PRODUCTION_NAMESPACE:-veldhaven}" PRODUCTION_TLS_SECRET PRODUCTION_GATEWAY_LISTENER "${args[@]}"
  output "url=$url"
}

preview() {
  local pr domain=${PREVIEW_DOMAIN:-}
  pr=$(pr_number "${1:-}")
  [[ "$domain" =~ ^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$ ]] ||
    die "PREVIEW_DOMAIN '$domain': want a DNS name such as preview.veldhaven.eu"
  local host="pr-$pr.$domain"
  # No existingSecret: a preview runs the sample feed and no editor sign-in.
  helm_run "site-pr-$pr" "${PREVIEW_NAMESPACE:-veldhaven-previews}" PREVIEW_TLS_SECRET PREVIEW_GATEWAY_LISTENER \
    --set-string "siteUrl=https://$host" --set-string "ingress.host=$host" --set replicaCount=1 --set feed.persistence.enabled=false
  output "url=https://$host"
}

teardown() {
  local pr namespace=${PREVIEW_NAMESPACE:-veldhaven-previews}
  pr=$(pr_number "${1:-}")
  if [[ "${DRY_RUN:-}" == 1 ]]; then
    echo "helm uninstall site-pr-$pr --namespace $namespace --ignore-not-found --wait"
    return
  fi
  connect "$namespace"
  "$HELM" uninstall "site-pr-$pr" --namespace "$namespace" --ignore-not-found --wait --timeout "$TIMEOUT"
}

# sweep_previews uninstalls every site-pr-N whose N is not among the open pull
# requests given: "none" when none is open, so that an empty list from a
# failed lookup never removes them all. OPEN_PRS is `scripts/ci open-prs`'s.
sweep_previews() {
  if [[ $# -eq 0 && -v OPEN_PRS ]]; then
    read -r -a open_prs <<<"${OPEN_PRS:-none}"
    set -- "${open_prs[@]}"
  fi
  [[ $# -gt 0 ]] || die "sweep-previews: give the open pull requests' numbers (or OPEN_PRS), or 'none' when none is open"
  local open=" " n namespace=${PREVIEW_NAMESPACE:-veldhaven-previews}
  if [[ "$*" != none ]]; then
    for n in "$@"; do open+="$(pr_number "$n") "; done
  fi
  connect "$namespace"
  local releases release swept=()
  releases=$("$HELM" list --namespace "$namespace" --all --short --max 0) || die "cannot list the releases in $namespace"
  for release in $releases; do
    [[ "$release" =~ ^site-pr-([1-9][0-9]{0,8})$ && "$open" != *" ${BASH_REMATCH[1]} "* ]] || continue
    echo "deploy: pull request ${BASH_REMATCH[1]} is not open; uninstalling its preview $release"
    "$HELM" uninstall "$release" --namespace "$namespace" --wait --timeout "$TIMEOUT"
    swept+=("$release")
  done
  echo "deploy: swept ${#swept[@]} preview(s) in $namespace${swept[*]:+: ${swept[*]}}"
  output "swept=${swept[*]}"
}

# rollback, after the smoke test of IMAGE_TAG failed: back to the newest
# revision that was live before it, when the live one is IMAGE_TAG's (a re-run
# never goes further back).
rollback() {
  [[ "${1:-}" == production ]] || die "rollback production"
  [[ -n "${IMAGE_TAG:-}" ]] || die "set IMAGE_TAG (the release whose smoke test failed)"
  local release=veldhaven-site namespace=${PRODUCTION_NAMESPACE:-veldhaven} smoke
  smoke="Smoke test of $(short "$IMAGE_TAG") failed"
  connect "$namespace"
  local rev status current="" current_tag previous=""
  while read -r rev status; do
    if [[ "$status" == superseded ]]; then previous=$rev; fi
    if [[ "$status" == deployed ]]; then current=$rev && break; fi
  done < <(revisions "$release" "$namespace")
  current_tag=$(tag_of "$release" "$namespace" "$current")
  if [[ -z "$current" ]]; then
    output "result=$smoke; no release is deployed"
    die "no deployed revision of $release"
  fi
  if [[ "$current_tag" != "$IMAGE_TAG" ]]; then
    output "result=$smoke; live: revision $current (image tag $(short "$current_tag")), not rolled back"
    die "the live revision $current runs $current_tag, not $IMAGE_TAG: not rolling it back"
  fi
  if [[ -z "$previous" ]]; then
    output "result=$smoke; no earlier release to go back to, revision $current stays live"
    die "no earlier revision of $release to roll back to; revision $current ($IMAGE_TAG) stays live"
  fi
  if ! "$HELM" rollback "$release" "$previous" --namespace "$namespace" --wait --timeout "$TIMEOUT"; then
    output "result=$smoke; the rollback failed too, live: $(live "$release" "$namespace")"
    die "helm rollback $release $previous failed"
  fi
  echo "deploy: $smoke; rolled back, live: $(live "$release" "$namespace")"
  output "result=$smoke; rolled back, live: $(live "$release" "$namespace")"
}

case "${1:-}" in
plan) plan "${2:-}" ;;
production) production ;;
preview) preview "${2:-}" ;;
teardown) teardown "${2:-}" ;;
rollback) rollback "${2:-}" ;;
sweep-previews) sweep_previews "${@:2}" ;;
*) die "usage: scripts/deploy.sh plan production|preview | production | preview <pr> | teardown <pr> | rollback production | sweep-previews <open pr...>|none" ;;
esac
