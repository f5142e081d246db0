#!/usr/bin/env bash
# Rolls the site out to Kubernetes with the project's Helm chart
# (deploy/helm/veldhaven-site); what the release and preview workflows run.
#
#   scripts/deploy.sh plan production|preview  say whether the settings are there
#   scripts/deploy.sh production               helm upgrade --install --atomic --wait
#   scripts/deploy.sh preview <pr>             the pull request's own release and host
#   scripts/deploy.sh teardown <pr>            helm uninstall the pull request's release
#   scripts/deploy.sh rollback production      after a failed smoke test: back to the
#                                              release before IMAGE_TAG's
#   scripts/deploy.sh sweep-previews <open PR numbers...>|none   (or OPEN_PRS="1 2")
#                                              uninstall every site-pr-N release
#                                              whose N is not an open pull request
#
# Settings (docs/deploy.md, "Releases and previews"), from the environment:
#   KUBE_CONFIG         the kubeconfig's text: the environment secret KUBE_CONFIG
#                       of the `production` or `preview` environment, each an
#                       identity that reaches only its own namespace
#   IMAGE, IMAGE_TAG    the image to run (ghcr.io/<owner>/<repo>, the commit)
#   IMAGE_DIGEST        production: the image's digest (sha256:<64 hex>), which
#                       is what runs (a tag can be pushed again; a digest cannot)
#   PRODUCTION_URL      production: the site's address, e.g. https://www.veldhaven.eu
#   PRODUCTION_NAMESPACE (veldhaven), PRODUCTION_SECRET (the Secret with the
#                       site's environment: LinkedIn, editor sign-in; optional),
#   PRODUCTION_TLS_SECRET (optional), PRODUCTION_REPLICAS (2)
#   MONITORING_LABELS   production: name=value[,...] the Prometheus Operator
#                       selects the PodMonitor and rules by (optional; e.g.
#                       release=kube-prometheus-stack)
#   PRODUCTION_PLATFORM single: production is one container on one host
#                       (deploy/single), which follows the tag `live`; plan
#                       says so and no Helm deploy runs
#   PREVIEW_DOMAIN      previews: pull request N is served at https://pr-N.<domain>
#   PREVIEW_NAMESPACE   (veldhaven-previews), PREVIEW_TLS_SECRET (a wildcard
#                       certificate for *.<domain>; optional)
#   PRODUCTION_PERSISTENCE  true (default): the feed owner's /data on a
#                       ReadWriteOncePod claim; false: an emptyDir (lost with the pod)
#   PRODUCTION_STORAGE_CLASS  that claim's StorageClass (optional: the cluster's
#                       default; EKS has none)
#   GATEWAY_NAME, GATEWAY_NAMESPACE  route through this Gateway (Gateway API, an
#                       HTTPRoute) instead of an Ingress; PRODUCTION_GATEWAY_LISTENER,
#                       PREVIEW_GATEWAY_LISTENER name its listeners (optional)
#   INGRESS_CLASS       without GATEWAY_NAME: the ingress class (optional: the
#                       cluster's default)
#   SERVICE_TYPE        ClusterIP (the chart's default) or NodePort (EKS's
#                       AWS Load Balancer Controller with instance targets)
#   IMAGE_PULL_SECRET   a docker-registry Secret for ghcr.io in each namespace
#                       (optional: not needed when the package is public)
#   DEPLOY_TIMEOUT      how long Helm waits for the pods to be ready (10m)
#   DRY_RUN=1           render with `helm template` instead (no cluster, no
#                       kubeconfig): what `make test-deploy` checks here
# On GitHub Actions, `plan` writes configured=true|false, `production` and
# `preview` write url=<address>, and a failed deploy or a rollback writes
# result=<what is live now> (for the commit status) to $GITHUB_OUTPUT;
# sweep-previews writes swept=<the releases it removed>.
#
# The namespaces and the deploy identity's rights are the cluster owner's
# (deploy/cluster/deploy-identity.yaml): the identity may manage releases in
# the two namespaces and nothing at cluster scope, so this script never
# creates a namespace (Helm's --create-namespace is refused there: RBAC is
# checked before Helm could learn that the namespace exists). A release an
# interrupted run left pending-install/-upgrade/-rollback is repaired first
# (see recover_release); the workflows' concurrency groups make sure no other
# run is still working on it.
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

# plan says whether deploys of one kind are switched on: by a repository
# variable, never by the secret. The plan jobs run outside the GitHub
# environments that hold KUBE_CONFIG (production's is for main's deploy job
# alone), so they cannot see it; a deploy switched on without it fails in
# with_kubeconfig, naming the environment secret to set.
plan() {
  local what=${1:-} missing=()
  case "$what" in
  production)
    if [[ "${PRODUCTION_PLATFORM:-}" == single ]]; then
      # One container on one host (deploy/single) follows the tag `live`
      # (release.yml, promote): nothing to deploy with Helm.
      echo "::notice title=Production is a single host::It runs the image tagged live, which this release moves once its checks pass; no Kubernetes deploy (docs/deploy.md)."
      output configured=false
      return
    fi
    [[ -n "${PRODUCTION_URL:-}" ]] || missing+=("repository variable PRODUCTION_URL (e.g. https://www.veldhaven.eu)")
    ;;
  preview)
    [[ -n "${PREVIEW_DOMAIN:-}" ]] || missing+=("repository variable PREVIEW_DOMAIN (e.g. preview.veldhaven.eu)")
    # The previews' own registry (never production's package): its host is
    # what the workflow logs in to.
    if [[ -z "${PREVIEW_IMAGE:-}" ]]; then
      missing+=("repository variable PREVIEW_IMAGE (the previews' own registry, e.g. europe-docker.pkg.dev/veldhaven/previews/site)")
    elif [[ "$PREVIEW_IMAGE" =~ ^([a-z0-9.-]+(:[0-9]+)?)/[a-z0-9._/-]+$ ]]; then
      output "registry=${BASH_REMATCH[1]}"
    else
      die "PREVIEW_IMAGE '$PREVIEW_IMAGE': want registry-host/repository in lower case, without a tag"
    fi
    ;;
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
  echo "::warning title=${what^} deploy skipped::To deploy, set the ${list%; } (Settings > Environments, and Settings > Secrets and variables > Actions; docs/deploy.md). $note"
  output configured=false
}

# with_kubeconfig writes $KUBE_CONFIG to a private temporary file and points
# KUBECONFIG at it (removed when the script exits).
with_kubeconfig() {
  [[ -n "${KUBE_CONFIG:-}" ]] || die "KUBE_CONFIG is empty: set the secret KUBE_CONFIG of the GitHub environment ${DEPLOY_ENVIRONMENT:-production or preview} (Settings > Environments; docs/deploy.md, \"One-time set-up of the repository\")"
  local kubeconfig
  kubeconfig=$(mktemp)
  # shellcheck disable=SC2064 # expand now: the path is fixed
  trap "rm -f '$kubeconfig'" EXIT
  chmod 600 "$kubeconfig"
  printf '%s\n' "$KUBE_CONFIG" >"$kubeconfig"
  export KUBECONFIG=$kubeconfig
}

# no_namespace explains a namespace the deploy identity cannot use.
no_namespace() {
  die "cannot deploy to namespace \"$1\": it does not exist or the deploy identity has no rights in it ($2). The cluster's owner creates the namespace and binds the deploy identity to the admin ClusterRole in it, once (deploy/cluster/deploy-identity.yaml; docs/deploy.md, \"One-time set-up of the repository\", step 1); this script does not create namespaces."
}

# check_namespace: Helm's records of the namespace's releases can be read
# (what every helm command below needs). A namespace-scoped identity is
# refused this both where the namespace is missing and where it has no
# RoleBinding; either way the owner must act, so say so before Helm starts.
check_namespace() {
  local out
  if ! out=$("$HELM" list --namespace "$1" --all --short 2>&1); then
    no_namespace "$1" "$(printf '%s' "$out" | tail -1)"
  fi
}

# revisions prints "revision status" lines of a release, oldest first (none
# when it does not exist), from `helm history -o json`.
revisions() {
  local json
  json=$("$HELM" history "$1" --namespace "$2" --max 256 -o json 2>/dev/null) || return 0
  local re='"revision":([0-9]+),[^}]*"status":"([a-z-]+)"'
  while [[ $json =~ $re ]]; do
    echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
    json=${json#*"${BASH_REMATCH[0]}"}
  done
}

# revision_tag prints the image tag a revision of a release was deployed with.
revision_tag() {
  local values
  values=$("$HELM" get values "$1" --namespace "$2" --revision "$3" -o json 2>/dev/null) || return 0
  [[ $values =~ \"tag\":\"([^\"]*)\" ]] && echo "${BASH_REMATCH[1]}"
}

# live prints what a release serves: "revision N (image tag T)", or nothing
# when no revision of it is deployed.
live() {
  local rev status deployed=""
  while read -r rev status; do
    if [[ "$status" == deployed ]]; then deployed=$rev; fi
  done < <(revisions "$1" "$2")
  [[ -n "$deployed" ]] || return 0
  local tag
  tag=$(revision_tag "$1" "$2" "$deployed")
  echo "revision $deployed (image tag $(short "$tag"))"
}

# short cuts a commit id to 12 characters: a commit status's description
# holds at most 140.
short() { echo "${1:0:12}"; }

# recover_release repairs a release an interrupted run left pending: Helm
# takes its pending-* status as the lock of a run still at work ("another
# operation (install/upgrade/rollback) is in progress") and refuses every
# later upgrade. The workflows run one deploy per release at a time (their
# concurrency groups), so a pending release here is a dead run's. Helm's own
# operations undo it: a first install that never finished is uninstalled
# (nothing of it was live); a pending upgrade or rollback is rolled back to
# the revision that was deployed before it.
recover_release() {
  local release=$1 namespace=$2 rev status last="" last_status="" before="" deployed=""
  while read -r rev status; do
    before=$last
    last=$rev last_status=$status
    if [[ "$status" == deployed ]]; then deployed=$rev; fi
  done < <(revisions "$release" "$namespace")
  case "$last_status" in
  pending-install)
    echo "deploy: release $release was left pending-install by an interrupted run; uninstalling it (it never went live)" >&2
    "$HELM" uninstall "$release" --namespace "$namespace" --wait --timeout "${DEPLOY_TIMEOUT:-10m}"
    ;;
  pending-upgrade | pending-rollback)
    if [[ -z "$deployed" ]]; then
      # Only failed revisions before it: back to the newest of them rather
      # than an uninstall, which would delete the feed owner's claim.
      deployed=$before
    fi
    echo "deploy: release $release was left $last_status (revision $last) by an interrupted run; rolling back to revision $deployed, the one deployed before it" >&2
    "$HELM" rollback "$release" "$deployed" --namespace "$namespace" --wait --timeout "${DEPLOY_TIMEOUT:-10m}"
    ;;
  esac
}

# dns_name checks a Kubernetes object name from a setting (a DNS subdomain).
dns_name() {
  [[ "$2" =~ ^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$ ]] || die "$1 '$2': want a Kubernetes name (lower case letters, digits, '-' and '.')"
}

# route_args prints the chart's routing values, one per line: an HTTPRoute
# to GATEWAY_NAME's listener $2 when GATEWAY_NAME is set, else an Ingress
# (INGRESS_CLASS) with the TLS Secret $1. With a Gateway the certificates are
# its listeners' (deploy/cluster/gateway.example.yaml), so a TLS Secret set
# for the Ingress would be ignored: refused instead.
route_args() {
  local tls_var=$1 listener_var=$2
  if [[ -z "${GATEWAY_NAME:-}" ]]; then
    echo "--set"
    echo "ingress.enabled=true"
    if [[ -n "${INGRESS_CLASS:-}" ]]; then printf '%s\n' --set-string "ingress.className=$INGRESS_CLASS"; fi
    if [[ -n "${!tls_var:-}" ]]; then printf '%s\n' --set-string "ingress.tlsSecretName=${!tls_var}"; fi
    return
  fi
  dns_name GATEWAY_NAME "$GATEWAY_NAME"
  if [[ -n "${!tls_var:-}" ]]; then
    die "$tls_var is the Ingress's certificate; with GATEWAY_NAME the Gateway's listener holds it (certificateRefs): unset $tls_var"
  fi
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
  )
  if [[ -n "${IMAGE_PULL_SECRET:-}" ]]; then args+=(--set-string "imagePullSecrets[0].name=$IMAGE_PULL_SECRET"); fi
  # NodePort where the load balancer targets nodes, not pods (EKS's AWS Load
  # Balancer Controller with instance targets, its default for a Gateway).
  case "${SERVICE_TYPE:-}" in
  "") ;;
  ClusterIP | NodePort) args+=(--set-string "service.type=$SERVICE_TYPE") ;;
  *) die "SERVICE_TYPE '$SERVICE_TYPE': want ClusterIP or NodePort (the route's load balancer reaches the Service)" ;;
  esac
  args+=("$@")
  if [[ "${DRY_RUN:-}" == 1 ]]; then
    # No cluster to ask: render for the oldest Kubernetes the chart supports.
    "$HELM" template "${args[@]}" --kube-version "${KUBE_VERSION:-1.30.0}"
    return
  fi
  with_kubeconfig
  check_namespace "$namespace"
  recover_release "$release" "$namespace"
  local errors
  errors=$(mktemp)
  # shellcheck disable=SC2064 # expand now: the paths are fixed
  trap "rm -f '$KUBECONFIG' '$errors'" EXIT
  # --atomic: a release that does not get ready within the timeout is rolled
  # back by Helm (a first install is uninstalled). No --create-namespace: see
  # the top of this file.
  local status=0
  "$HELM" upgrade --install "${args[@]}" --atomic --wait --timeout "${DEPLOY_TIMEOUT:-10m}" 2>"$errors" || status=$?
  cat "$errors" >&2
  if [[ $status == 0 ]]; then return; fi
  if grep -qF "namespaces \"$namespace\" not found" "$errors"; then
    no_namespace "$namespace" "not found"
  fi
  local now
  now=$(live "$release" "$namespace")
  local result
  result="Deploy of $(short "$IMAGE_TAG") failed; live: ${now:-nothing (no release)}"
  output "result=$result"
  die "$result"
}

production() {
  local url=${PRODUCTION_URL:-}
  [[ -n "$url" ]] || die "set PRODUCTION_URL"
  url=${url%/}
  local host
  host=$(host_of "$url")
  # By digest: what was tested and pushed is what runs, even if the tag is
  # pushed again (a preview's run may push images).
  [[ "${IMAGE_DIGEST:-}" =~ ^sha256:[0-9a-f]{64}$ ]] ||
    die "IMAGE_DIGEST '${IMAGE_DIGEST:-}': production runs the image by digest; want sha256:<64 hex digits> (the digest the image's push printed)"
  local args=(
    --set-string "siteUrl=$url" --set-string "ingress.host=$host"
    --set "replicaCount=${PRODUCTION_REPLICAS:-2}"
    --set-string "image.digest=$IMAGE_DIGEST"
  )
  local routing
  routing=$(route_args PRODUCTION_TLS_SECRET PRODUCTION_GATEWAY_LISTENER) || exit 1
  mapfile -t -O "${#args[@]}" args <<<"$routing"
  # The feed owner (one pod) keeps its snapshot, media and the day's count of
  # LinkedIn calls on a ReadWriteOncePod claim (the chart's default); the web
  # pods are stateless whatever this says.
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
  # The labels the cluster's Prometheus Operator selects PodMonitors and
  # rules by (kube-prometheus-stack: release=<its Helm release>).
  local pair key value pairs=()
  IFS=, read -ra pairs <<<"${MONITORING_LABELS:-}"
  for pair in "${pairs[@]}"; do
    key=${pair%%=*} value=${pair#*=}
    [[ "$pair" == *=* && "$key" =~ ^([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$ &&
      "$value" =~ ^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$ ]] ||
      die "MONITORING_LABELS '$MONITORING_LABELS': want name=value[,name=value...] in Kubernetes' label syntax (e.g. release=kube-prometheus-stack)"
    # Helm reads a dot in a --set key as nesting: escape those of the label.
    args+=(--set-string "monitoring.labels.${key//./\\.}=$value")
  done
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
  local routing
  routing=$(route_args PREVIEW_TLS_SECRET PREVIEW_GATEWAY_LISTENER) || exit 1
  mapfile -t -O "${#args[@]}" args <<<"$routing"
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
  ensure_helm
  with_kubeconfig
  check_namespace "$namespace"
  "$HELM" uninstall "$release" --namespace "$namespace" --ignore-not-found --wait --timeout "${DEPLOY_TIMEOUT:-10m}"
}

# sweep_previews uninstalls every preview release (site-pr-N, whatever its
# state) whose pull request N is not among the open ones given: the previews
# whose `closed` run failed or never ran. "none" when no pull request is open,
# so that an empty list from a failed lookup never removes them all.
sweep_previews() {
  # From the workflow: OPEN_PRS, what `scripts/ci open-prs` wrote ("" when
  # none is open; that command fails rather than write an empty list when
  # GitHub does not answer).
  if [[ $# -eq 0 && -v OPEN_PRS ]]; then
    if [[ -n "$OPEN_PRS" ]]; then
      read -r -a open_prs <<<"$OPEN_PRS"
      set -- "${open_prs[@]}"
    else
      set -- none
    fi
  fi
  [[ $# -gt 0 ]] || die "sweep-previews: give the open pull requests' numbers (or OPEN_PRS), or 'none' when none is open"
  local open=" " n
  if [[ "$*" != none ]]; then
    for n in "$@"; do open+="$(pr_number "$n") "; done
  fi
  local namespace=${PREVIEW_NAMESPACE:-veldhaven-previews}
  ensure_helm
  with_kubeconfig
  check_namespace "$namespace"
  local releases release swept=()
  releases=$("$HELM" list --namespace "$namespace" --all --short --max 0) || die "cannot list the releases in $namespace"
  for release in $releases; do
    [[ "$release" =~ ^site-pr-([1-9][0-9]{0,8})$ ]] || continue
    if [[ "$open" == *" ${BASH_REMATCH[1]} "* ]]; then continue; fi
    echo "deploy: pull request ${BASH_REMATCH[1]} is not open; uninstalling its preview $release"
    "$HELM" uninstall "$release" --namespace "$namespace" --wait --timeout "${DEPLOY_TIMEOUT:-10m}"
    swept+=("$release")
  done
  echo "deploy: swept ${#swept[@]} preview(s) in $namespace${swept[*]:+: ${swept[*]}}"
  output "swept=${swept[*]}"
}

# rollback, after the smoke test of IMAGE_TAG failed on production: back to
# the revision deployed before it, when the live revision is IMAGE_TAG's (a
# re-run, or a later release, is never rolled back by this).
rollback() {
  [[ "${1:-}" == production ]] || die "rollback production"
  [[ -n "${IMAGE_TAG:-}" ]] || die "set IMAGE_TAG (the release whose smoke test failed)"
  local release=veldhaven-site namespace=${PRODUCTION_NAMESPACE:-veldhaven}
  ensure_helm
  with_kubeconfig
  check_namespace "$namespace"
  local rev status current="" previous=""
  while read -r rev status; do
    if [[ "$status" == deployed ]]; then current=$rev; fi
  done < <(revisions "$release" "$namespace")
  [[ -n "$current" ]] || {
    output "result=Smoke test of $(short "$IMAGE_TAG") failed; no release is deployed"
    die "no deployed revision of $release"
  }
  local tag
  tag=$(revision_tag "$release" "$namespace" "$current")
  if [[ "$tag" != "$IMAGE_TAG" ]]; then
    output "result=Smoke test of $(short "$IMAGE_TAG") failed; live: revision $current (image tag $(short "$tag")), not rolled back"
    die "the live revision $current runs $tag, not $IMAGE_TAG: not rolling it back"
  fi
  # The newest revision before it that was live (superseded): a failed one
  # never served.
  while read -r rev status; do
    if ((rev < current)) && [[ "$status" == superseded ]]; then previous=$rev; fi
  done < <(revisions "$release" "$namespace")
  if [[ -z "$previous" ]]; then
    output "result=Smoke test of $(short "$IMAGE_TAG") failed; no earlier release to go back to, revision $current stays live"
    die "no earlier revision of $release to roll back to; revision $current ($IMAGE_TAG) stays live"
  fi
  if ! "$HELM" rollback "$release" "$previous" --namespace "$namespace" --wait --timeout "${DEPLOY_TIMEOUT:-10m}"; then
    output "result=Smoke test of $(short "$IMAGE_TAG") failed; the rollback failed too, live: $(live "$release" "$namespace")"
    die "helm rollback $release $previous failed"
  fi
  local result
  result="Smoke test of $(short "$IMAGE_TAG") failed; rolled back, live: $(live "$release" "$namespace")"
  echo "deploy: $result"
  output "result=$result"
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
