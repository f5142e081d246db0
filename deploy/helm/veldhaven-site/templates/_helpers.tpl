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
{{- end }}
