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

{{/* "true" when the chart renders a Prometheus Operator kind: monitoring.enabled true, or auto and the cluster serves it. */}}
{{- define "veldhaven-site.monitoring" -}}
{{- $on := toString .root.Values.monitoring.enabled }}
{{- or (eq $on "true") (and (eq $on "auto") (.root.Capabilities.APIVersions.Has (printf "monitoring.coreos.com/v1/%s" .kind))) | toString }}
{{- end }}

{{/* "true" when the PodMonitor renders (the down alerts read its series). */}}
{{- define "veldhaven-site.podMonitor" -}}
{{- and .Values.metrics.enabled .Values.monitoring.podMonitor.enabled (include "veldhaven-site.monitoring" (dict "root" . "kind" "PodMonitor") | eq "true") | toString }}
{{- end }}
