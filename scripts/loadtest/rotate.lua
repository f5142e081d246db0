-- wrk script: rotate over the paths in $PATHS_FILE and count answers by status.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  paths = {}
  for line in io.lines(os.getenv("PATHS_FILE")) do
    if line ~= "" then paths[#paths + 1] = line end
  end
  counts = {}
  i = math.random(#paths)
end

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i], { ["Accept-Encoding"] = "br, gzip" })
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
  local totals = {}
  for _, t in ipairs(threads) do
    for status, n in pairs(t:get("counts")) do
      totals[status] = (totals[status] or 0) + n
    end
  end
  local ok, redirect, notfound, client, server = 0, 0, 0, 0, 0
  for status, n in pairs(totals) do
    if status >= 500 then server = server + n
    elseif status == 404 then notfound = notfound + n
    elseif status >= 400 then client = client + n
    elseif status >= 300 then redirect = redirect + n
    else ok = ok + n end
  end
  local e = summary.errors
  io.write(string.format("requests: %d in %.1f s = %.0f req/s\n", summary.requests,
    summary.duration / 1e6, summary.requests / (summary.duration / 1e6)))
  io.write(string.format("latency: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000))
  io.write(string.format("answers: 2xx %d, 3xx %d, 404 %d, other 4xx %d, 5xx %d\n",
    ok, redirect, notfound, client, server))
  io.write(string.format("socket errors: connect %d, read %d, write %d, timeout %d\n",
    e.connect, e.read, e.write, e.timeout))
end
