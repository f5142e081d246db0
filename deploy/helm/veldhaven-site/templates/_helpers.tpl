{{/*
The chart's name, or nameOverride.
*/}}
{{- define "veldhaven-site.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
A fully qualified app name, at most 63 characters (the limit of some
Kubernetes name fields). A release name that already holds the chart's name
is used as it is.
*/}}
{{- define "veldhaven-site.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Chart name and version, for the helm.sh/chart label.
*/}}
{{- define "veldhaven-site.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Labels of every object.
*/}}
{{- define "veldhaven-site.labels" -}}
helm.sh/chart: {{ include "veldhaven-site.chart" . }}
{{ include "veldhaven-site.selectorLabels" . }}
app.kubernetes.io/version: {{ include "veldhaven-site.imageTag" . | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: veldhaven-site
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/*
Selector labels: stable over the release's life (a Deployment's selector cannot change).
*/}}
{{- define "veldhaven-site.selectorLabels" -}}
app.kubernetes.io/name: {{ include "veldhaven-site.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/*
The web pods' selector labels: the release's pods of the web component
(pages, and /linkedin-api taken from the feed owner).
*/}}
{{- define "veldhaven-site.webSelectorLabels" -}}
{{ include "veldhaven-site.selectorLabels" . }}
app.kubernetes.io/component: web
{{- end }}

{{/*
The feed owner's selector labels: the one pod that calls LinkedIn.
*/}}
{{- define "veldhaven-site.feedSelectorLabels" -}}
{{ include "veldhaven-site.selectorLabels" . }}
app.kubernetes.io/component: feed
{{- end }}

{{/*
The feed owner's name (its Deployment and Service): the full name cut so that
"-feed" fits in 63 characters.
*/}}
{{- define "veldhaven-site.feedName" -}}
{{- printf "%s-feed" (include "veldhaven-site.fullname" . | trunc 58 | trimSuffix "-") }}
{{- end }}

{{/*
FEED_URL of the web pods: the feed owner's Service, by its short name (every
object of the release is in one namespace) and port.
*/}}
{{- define "veldhaven-site.feedURL" -}}
{{- printf "http://%s:%d" (include "veldhaven-site.feedName" .) (int .Values.feed.service.port) }}
{{- end }}

{{/*
The feed owner's claim: feed.persistence.existingClaim, else the chart's own.
*/}}
{{- define "veldhaven-site.feedClaimName" -}}
{{- .Values.feed.persistence.existingClaim | default (printf "%s-data" (include "veldhaven-site.feedName" .)) }}
{{- end }}

{{/*
The Secret the feed owner takes LinkedIn's keys from: feed.existingSecret,
else existingSecret.
*/}}
{{- define "veldhaven-site.feedSecret" -}}
{{- .Values.feed.existingSecret | default .Values.existingSecret }}
{{- end }}

{{/*
Environment variables from keys of a Secret, each optional (a key the Secret
lacks leaves its variable unset): (dict "secret" NAME "keys" LIST).
*/}}
{{- define "veldhaven-site.secretEnv" -}}
{{- range .keys }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ $.secret }}
      key: {{ . }}
      optional: true
{{- end }}
{{- end }}

{{/*
The service account's name.
*/}}
{{- define "veldhaven-site.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "veldhaven-site.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
The image's tag: image.tag, else the chart's appVersion.
*/}}
{{- define "veldhaven-site.imageTag" -}}
{{- .Values.image.tag | default .Chart.AppVersion | toString }}
{{- end }}

{{/*
The image reference: repository:tag, or repository@digest when image.digest is set.
*/}}
{{- define "veldhaven-site.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (include "veldhaven-site.imageTag" .) }}
{{- end }}
{{- end }}

{{/*
The namespace of every object: namespaceOverride, else the release's.
*/}}
{{- define "veldhaven-site.namespace" -}}
{{- default .Release.Namespace .Values.namespaceOverride }}
{{- end }}

{{/*
Checks of values that a schema cannot express; each fails the render with a
sentence saying what to change.
*/}}
{{- define "veldhaven-site.validate" -}}
{{- if not (regexMatch "^https?://[^/]+/?$" .Values.siteUrl) }}
{{- fail (printf "siteUrl %q: must be an origin such as https://www.veldhaven.eu" .Values.siteUrl) }}
{{- end }}
{{- if and .Values.ingress.enabled (not .Values.ingress.host) }}
{{- fail "ingress.host: required when ingress.enabled is true" }}
{{- end }}
{{- if and .Values.metrics.enabled (eq (int .Values.metrics.port) (int .Values.containerPort)) }}
{{- fail "metrics.port: must differ from containerPort, or /metrics would be public" }}
{{- end }}
{{- if le (int .Values.terminationGracePeriodSeconds) (add (int .Values.drainSeconds) (int .Values.preStopSleepSeconds)) }}
{{- fail (printf "terminationGracePeriodSeconds (%d) must be above preStopSleepSeconds + drainSeconds (%d): Kubernetes would kill requests still draining" (int .Values.terminationGracePeriodSeconds) (add (int .Values.drainSeconds) (int .Values.preStopSleepSeconds))) }}
{{- end }}
{{- if and .Values.autoscaling.enabled (gt (int .Values.autoscaling.minReplicas) (int .Values.autoscaling.maxReplicas)) }}
{{- fail "autoscaling: minReplicas is above maxReplicas" }}
{{- end }}
{{- with .Values.persistence }}
{{- if or .enabled (gt (len (omit . "enabled")) 0) }}
{{- fail "persistence: the web pods keep no state of their own (each keeps its last good copies of the feed in an emptyDir, emptyDir.sizeLimit); the claim on /data is the feed owner's: set feed.persistence instead" }}
{{- end }}
{{- end }}
{{- $feed := .Values.feed }}
{{- if gt (int $feed.replicaCount) 1 }}
{{- fail (printf "feed.replicaCount %d: the feed owner is one pod (0 stops it): each more pod would be another LinkedIn client spending the same daily budget%s" (int $feed.replicaCount) (ternary ", and would share its ReadWriteOnce(Pod) claim, which a second pod cannot mount (Multi-Attach on another node; held back by the scheduler with ReadWriteOncePod)" "" (include "veldhaven-site.feedClaimRWO" . | eq "true"))) }}
{{- end }}
{{- if and (include "veldhaven-site.feedClaimRWO" . | eq "true") (ne $feed.strategy.type "Recreate") }}
{{- fail (printf "feed.strategy.type %s: the feed owner's claim is ReadWriteOnce(Pod), so a new pod started beside the old one (a surge) cannot mount it and the rollout hangs; use Recreate" $feed.strategy.type) }}
{{- end }}
{{- if and (eq $feed.strategy.type "Recreate") $feed.strategy.rollingUpdate }}
{{- fail "feed.strategy.rollingUpdate: only with feed.strategy.type RollingUpdate" }}
{{- end }}
{{- with .Values.httpRoute }}
{{- if and .enabled (not .gateway.name) }}
{{- fail "httpRoute.gateway.name: required when httpRoute.enabled is true (the Gateway the cluster's owner made, deploy/cluster/gateway.example.yaml)" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
"true" when the feed owner's /data is a claim that only one node can mount
(ReadWriteOnce or ReadWriteOncePod, and not also ReadWriteMany).
*/}}
{{- define "veldhaven-site.feedClaimRWO" -}}
{{- $p := .Values.feed.persistence }}
{{- and $p.enabled (or (has "ReadWriteOnce" $p.accessModes) (has "ReadWriteOncePod" $p.accessModes)) (not (has "ReadWriteMany" $p.accessModes)) | toString }}
{{- end }}

{{/*
The pod template's annotations: Prometheus's scrape annotations (metrics.podAnnotations)
and podAnnotations.
*/}}
{{- define "veldhaven-site.podAnnotations" -}}
{{- if or .Values.podAnnotations (and .Values.metrics.enabled .Values.metrics.podAnnotations) }}
annotations:
  {{- if and .Values.metrics.enabled .Values.metrics.podAnnotations }}
  prometheus.io/scrape: "true"
  prometheus.io/port: {{ .Values.metrics.port | quote }}
  prometheus.io/path: /metrics
  {{- end }}
  {{- with .Values.podAnnotations }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
{{- end }}
{{- end }}

{{/*
The pod spec's fields both Deployments share, before the containers.
*/}}
{{- define "veldhaven-site.podCommon" -}}
serviceAccountName: {{ include "veldhaven-site.serviceAccountName" . }}
automountServiceAccountToken: {{ .Values.automountServiceAccountToken }}
# The server reads its settings from its own variables, never from the
# variables Kubernetes would add for every Service of the namespace.
enableServiceLinks: false
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
terminationGracePeriodSeconds: {{ .Values.terminationGracePeriodSeconds }}
{{- end }}

{{/*
The pod spec's fields both Deployments share, after the containers.
*/}}
{{- define "veldhaven-site.podPlacement" -}}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/*
The environment both containers share.
*/}}
{{- define "veldhaven-site.commonEnv" -}}
- name: PORT
  value: {{ .Values.containerPort | quote }}
- name: SITE_URL
  value: {{ .Values.siteUrl | trimSuffix "/" | quote }}
- name: DATA_DIR
  value: /data
- name: LOG_LEVEL
  value: {{ .Values.logLevel | quote }}
{{- if .Values.metrics.enabled }}
- name: METRICS_ADDR
  value: {{ printf ":%d" (int .Values.metrics.port) | quote }}
{{- end }}
{{- with .Values.securityContact }}
- name: SECURITY_CONTACT
  value: {{ . | quote }}
{{- end }}
{{- with .Values.trustedProxies }}
- name: TRUSTED_PROXIES
  value: {{ join "," . | quote }}
{{- end }}
{{- end }}

{{/*
GOMEMLIMIT from a container's memory limit (resources): the Go runtime
collects harder as the heap nears it.
*/}}
{{- define "veldhaven-site.memLimitEnv" -}}
{{- if and .limits .limits.memory }}
- name: GOMEMLIMIT
  valueFrom:
    resourceFieldRef:
      resource: limits.memory
{{- end }}
{{- end }}

{{/*
The container's fields both Deployments share, after env: ports, probes, the
stop sequence, the security context.
*/}}
{{- define "veldhaven-site.containerCommon" -}}
ports:
  - name: http
    containerPort: {{ .Values.containerPort }}
    protocol: TCP
  {{- if .Values.metrics.enabled }}
  - name: metrics
    containerPort: {{ .Values.metrics.port }}
    protocol: TCP
  {{- end }}
readinessProbe:
  {{- toYaml .Values.readinessProbe | nindent 2 }}
livenessProbe:
  {{- toYaml .Values.livenessProbe | nindent 2 }}
{{- if gt (int .Values.preStopSleepSeconds) 0 }}
lifecycle:
  preStop:
    sleep:
      seconds: {{ .Values.preStopSleepSeconds }}
{{- end }}
securityContext:
  {{- toYaml .Values.securityContext | nindent 2 }}
volumeMounts:
  - name: data
    mountPath: /data
{{- end }}

{{/*
"true" when the chart renders a Prometheus Operator kind (PodMonitor,
PrometheusRule): monitoring.enabled true, or auto and the cluster serves
monitoring.coreos.com/v1 with that kind (helm template: --api-versions
monitoring.coreos.com/v1/<Kind>).
*/}}
{{- define "veldhaven-site.monitoring" -}}
{{- $on := toString .root.Values.monitoring.enabled }}
{{- or (eq $on "true") (and (eq $on "auto") (.root.Capabilities.APIVersions.Has (printf "monitoring.coreos.com/v1/%s" .kind))) | toString }}
{{- end }}

{{/*
"true" when the PodMonitor renders (the down alerts read its series).
*/}}
{{- define "veldhaven-site.podMonitor" -}}
{{- and .Values.metrics.enabled .Values.monitoring.podMonitor.enabled (include "veldhaven-site.monitoring" (dict "root" . "kind" "PodMonitor") | eq "true") | toString }}
{{- end }}
