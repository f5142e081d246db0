module github.com/veldhaven/site

go 1.26.8

require (
	github.com/prometheus/client_golang v1.25.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
