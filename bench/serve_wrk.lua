-- wrk script for bench/serve_load.sh: POST /translate with one sentence per
-- request, taken in turn from the file named by NMT_SENTENCES; every
-- MALFORMED_EVERY-th request (env, 0 = none) is malformed or hostile in one
-- of a few ways. With MIXED_MAX=N (env), each request carries a list of 1
-- to N lines instead, its count drawn evenly on a log scale (median about
-- sqrt(N)): many short requests and a few long ones.
local sentences = {}
local function json_string(s)
  s = s:gsub('\\', '\\\\'):gsub('"', '\\"'):gsub('\t', '\\t'):gsub('\r', '\\r'):gsub('\n', '\\n')
  return '"' .. s .. '"'
end
for line in io.lines(os.getenv("NMT_SENTENCES")) do
  if #line > 0 then sentences[#sentences + 1] = json_string(line) end
end
local malformed_every = tonumber(os.getenv("MALFORMED_EVERY") or "0")
local mixed_max = tonumber(os.getenv("MIXED_MAX") or "0")
local bad = {
  '{"q": "unterminated',
  '{"q": 42, "source": "en", "target": "es"}',
  '{"q": "hello", "source": "en", "target": "xx"}',
  '{"source": "en", "target": "es"}',
  '{"q": "h\255llo", "source": "en", "target": "es"}',
  -- hostile: each refused before any work (docs/serving.md, "Limits")
  '{"q": ' .. string.rep('[', 50000) .. string.rep(']', 50000) .. ', "source": "en", "target": "es"}',
  '{"q": "' .. string.rep('<div>', 20000) .. 'Hello' .. '", "source": "en", "target": "es", "format": "html"}',
  '{"q": [' .. string.rep('"' .. string.rep('word ', 60) .. '", ', 99) .. '"x"], "source": "en", "target": "es", "attention": true}',
  '{"q": "' .. string.rep('a', 1100000) .. '", "source": "en", "target": "es"}',
}
counter, lines = 0, 0  -- globals: done() reads them from each thread
local threads = {}

function setup(thread)
  thread:set("offset", math.random(#sentences))
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(offset or 1)  -- each thread its own, reproducible draws
end

request = function()
  counter = counter + 1
  local body
  if malformed_every > 0 and counter % malformed_every == 0 then
    body = bad[(counter / malformed_every) % #bad + 1]
  elseif mixed_max > 1 then
    local n = math.floor(math.exp(math.random() * math.log(mixed_max)) + 0.5)
    local q = {}
    for i = 1, n do q[i] = sentences[(lines + i + (offset or 0)) % #sentences + 1] end
    lines = lines + n
    body = '{"q": [' .. table.concat(q, ", ") .. '], "source": "en", "target": "es"}'
  else
    local s = sentences[(counter + (offset or 0)) % #sentences + 1]
    lines = lines + 1
    body = '{"q": ' .. s .. ', "source": "en", "target": "es"}'
  end
  return wrk.format("POST", "/translate", {["Content-Type"] = "application/json"}, body)
end

-- Answers by status. Malformed and hostile requests get 400 (or 413 for the
-- body over the limit); a well-formed one that fails gets anything else
-- (429, 500, 503).
ok, refused, failed = 0, 0, 0
response = function(status, headers, body)
  if status == 200 then ok = ok + 1
  elseif status == 400 or status == 413 then refused = refused + 1
  else failed = failed + 1 end
end

done = function(summary, latency, requests)
  local sent, answered_ok, answered_400, answered_other, malformed, lines_sent = 0, 0, 0, 0, 0, 0
  for _, t in ipairs(threads) do
    local c = t:get("counter")
    sent = sent + c
    lines_sent = lines_sent + t:get("lines")
    if malformed_every > 0 then malformed = malformed + math.floor(c / malformed_every) end
    answered_ok = answered_ok + t:get("ok")
    answered_400 = answered_400 + t:get("refused")
    answered_other = answered_other + t:get("failed")
  end
  io.write(string.format("sent %d (malformed or hostile %d); answers: 200 %d, 400/413 %d, other %d; socket errors %d\n", sent,
    malformed, answered_ok, answered_400, answered_other,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
  io.write(string.format("latency_ms p50 %.2f p99 %.2f\n", latency:percentile(50) / 1000, latency:percentile(99) / 1000))
  io.write(string.format("lines_sent %d lines_per_request %.1f\n", lines_sent, lines_sent / math.max(sent, 1)))
end
