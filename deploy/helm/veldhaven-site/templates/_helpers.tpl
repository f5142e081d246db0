{{/* The objects' name prefix, at most 63 characters; a release name holding the chart's is used as it is. */}}
{{- define "veldhaven-site.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else if contains .Chart.Name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "veldhaven-site.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{ include "veldhaven-site.selectorLabels" (list . "") }}
app.kubernetes.io/version: {{ include "veldhaven-site.imageTag" . | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: veldhaven-site
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* An object's metadata: (dict "root" $ "component" C "name" N "labels" L "annotations" A); the name defaults to the component's. */}}
{{- define "veldhaven-site.metadata" -}}
name: {{ .name | default (include (ternary "veldhaven-site.feedName" "veldhaven-site.fullname" (eq (toString .component) "feed")) .root) }}
namespace: {{ .root.Release.Namespace }}
labels:
  {{- include "veldhaven-site.labels" .root | nindent 2 }}
  {{- with .component }}
  app.kubernetes.io/component: {{ . }}
  {{- end }}
  {{- with .labels }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
{{- with .annotations }}
annotations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* Stable over the release's life (a Deployment's selector cannot change): (list $ COMPONENT), "" for every pod. */}}
{{- define "veldhaven-site.selectorLabels" -}}
app.kubernetes.io/name: {{ (index . 0).Chart.Name }}
app.kubernetes.io/instance: {{ (index . 0).Release.Name }}
{{- with index . 1 }}
app.kubernetes.io/component: {{ . }}
{{- end }}
{{- end }}

{{/* The feed owner's Deployment and Service: the full name cut so that "-feed" fits in 63 characters. */}}
{{- define "veldhaven-site.feedName" -}}
{{- printf "%s-feed" (include "veldhaven-site.fullname" . | trunc 58 | trimSuffix "-") }}
{{- end }}

{{- define "veldhaven-site.feedClaimName" -}}
{{- .Values.feed.persistence.existingClaim | default (printf "%s-data" (include "veldhaven-site.feedName" .)) }}
{{- end }}

{{/* Variables from keys of a Secret, each optional (a key it lacks leaves its variable unset): (dict "secret" NAME "keys" LIST). */}}
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

{{- define "veldhaven-site.imageTag" -}}
{{- .Values.image.tag | default .Chart.AppVersion | toString }}
{{- end }}

{{- define "veldhaven-site.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (include "veldhaven-site.imageTag" .) }}
{{- end }}
{{- end }}

{{/* Checks a schema cannot express; each fails the render saying what to change. */}}
{{- define "veldhaven-site.validate" -}}
{{- $v := .Values }}
{{- if not (regexMatch "^https?://[^/]+/?$" $v.siteUrl) }}
{{- fail (printf "siteUrl %q: must be an origin such as https://www.veldhaven.eu" $v.siteUrl) }}
{{- end }}
{{- if and $v.ingress.enabled (not $v.ingress.host) }}
{{- fail "ingress.host: required when ingress.enabled is true" }}
{{- end }}
{{- if and $v.ingress.certManagerClusterIssuer (not $v.ingress.tlsSecretName) }}
{{- fail "ingress.certManagerClusterIssuer needs ingress.tlsSecretName: the Secret cert-manager writes the certificate into" }}
{{- end }}
{{- if and $v.httpRoute.enabled (not $v.httpRoute.gateway.name) }}
{{- fail "httpRoute.gateway.name: required when httpRoute.enabled is true (the Gateway the cluster's owner made, deploy/cluster/gateway.example.yaml)" }}
{{- end }}
{{- if and $v.metrics.enabled (eq (int $v.metrics.port) (int $v.containerPort)) }}
{{- fail "metrics.port: must differ from containerPort, or /metrics would be public" }}
{{- end }}
{{- $stop := add (int $v.drainSeconds) (int $v.preStopSleepSeconds) }}
{{- if le (int $v.terminationGracePeriodSeconds) $stop }}
{{- fail (printf "terminationGracePeriodSeconds (%d) must be above preStopSleepSeconds + drainSeconds (%d): Kubernetes would kill requests still draining" (int $v.terminationGracePeriodSeconds) $stop) }}
{{- end }}
{{- if and $v.autoscaling.enabled (gt (int $v.autoscaling.minReplicas) (int $v.autoscaling.maxReplicas)) }}
{{- fail "autoscaling: minReplicas is above maxReplicas" }}
{{- end }}
{{- if gt (int $v.feed.replicaCount) 1 }}
{{- fail (printf "feed.replicaCount %d: the feed owner is one pod (0 stops it): each more pod would be another LinkedIn client spending the same daily budget, and could not mount its claim (Multi-Attach)" (int $v.feed.replicaCount)) }}
{{- end }}
{{- end }}

{{/* The pod template's metadata both Deployments share, with the component label .component. */}}
{{- define "veldhaven-site.podMetadata" -}}
{{- $v := .root.Values }}
{{- if or $v.podAnnotations (and $v.metrics.enabled $v.metrics.podAnnotations) }}
annotations:
  {{- if and $v.metrics.enabled $v.metrics.podAnnotations }}
  prometheus.io/scrape: "true"
  prometheus.io/port: {{ $v.metrics.port | quote }}
  prometheus.io/path: /metrics
  {{- end }}
  {{- with $v.podAnnotations }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
{{- end }}
labels:
  {{- include "veldhaven-site.labels" .root | nindent 2 }}
  app.kubernetes.io/component: {{ .component }}
  {{- with $v.podLabels }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
{{- end }}

{{/* The pod spec's fields both Deployments share, before the containers. */}}
{{- define "veldhaven-site.podCommon" -}}
serviceAccountName: {{ include "veldhaven-site.fullname" . }}
automountServiceAccountToken: false
# The server reads its own variables, never those Kubernetes adds for each Service.
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

{{/* The container's fields both Deployments share, and the environment they share, ending in env: (dict "root" $ "resources" R). */}}
{{- define "veldhaven-site.containerCommon" -}}
{{- $v := .root.Values }}
name: site
image: {{ include "veldhaven-site.image" .root | quote }}
imagePullPolicy: {{ $v.image.pullPolicy }}
ports:
  - name: http
    containerPort: {{ $v.containerPort }}
    protocol: TCP
  {{- if $v.metrics.enabled }}
  - name: metrics
    containerPort: {{ $v.metrics.port }}
    protocol: TCP
  {{- end }}
readinessProbe:
  {{- toYaml $v.readinessProbe | nindent 2 }}
livenessProbe:
  {{- toYaml $v.livenessProbe | nindent 2 }}
{{- if gt (int $v.preStopSleepSeconds) 0 }}
lifecycle:
  preStop:
    sleep:
      seconds: {{ $v.preStopSleepSeconds }}
{{- end }}
securityContext:
  {{- toYaml $v.securityContext | nindent 2 }}
volumeMounts:
  - name: data
    mountPath: /data
resources:
  {{- toYaml .resources | nindent 2 }}
env:
  - name: PORT
    value: {{ $v.containerPort | quote }}
  - name: SITE_URL
    value: {{ $v.siteUrl | trimSuffix "/" | quote }}
  - name: DATA_DIR
    value: /data
  - name: LOG_LEVEL
    value: {{ $v.logLevel | quote }}
  {{- if $v.metrics.enabled }}
  - name: METRICS_ADDR
    value: {{ printf ":%d" (int $v.metrics.port) | quote }}
  {{- end }}
  {{- with $v.securityContact }}
  - name: SECURITY_CONTACT
    value: {{ . | quote }}
  {{- end }}
  {{- with $v.trustedProxies }}
  - name: TRUSTED_PROXIES
    value: {{ join "," . | quote }}
  {{- end }}
  {{- if and .resources.limits .resources.limits.memory }}
  # The Go runtime collects harder as the heap nears the memory limit.
  - name: GOMEMLIMIT
    valueFrom:
      resourceFieldRef:
        resource: limits.memory
  {{- end }}
{{- end }}

{{/* "true" when the chart renders a Prometheus Operator kind: monitoring.enabled true, or auto and the cluster serves it. */}}
{{- define "veldhaven-site.monitoring" -}}
{{- $on := toString .root.Values.monitoring.enabled }}
{{- or (eq $on "true") (and (eq $on "auto") (.root.Capabilities.APIVersions.Has (printf "monitoring.coreos.com/v1/%s" .kind))) | toString }}
{{- end }}

{{/* "true" when the PodMonitor renders (the down alerts read its series). */}}
{{- define "veldhaven-site.podMonitor" -}}
{{- and .Values.metrics.enabled .Values.monitoring.podMonitor.enabled (include "veldhaven-site.monitoring" (dict "root" . "kind" "PodMonitor") | eq "true") | toString }}
{{- end }}
