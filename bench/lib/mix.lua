-- wrk script: the request mix bench/loadgen-vs-wrk.sh gives the loadgen, done by hand in request(): 3 of every 4
-- requests GET /a/<id>, the 4th POST /b {"id": <id>, "qty": 1}; ids 1..IDS (default 100000) in order, a pass after
-- another (per wrk thread; the bench runs one). Each request is formatted per call, as wrk scripts do.
local ids = tonumber(os.getenv("IDS") or "100000")
local n = 0
local id = 0
local post = { ["Content-Type"] = "application/json" }

request = function()
  n = n + 1
  id = id % ids + 1
  if n % 4 == 0 then
    return wrk.format("POST", "/b", post, '{"id": ' .. id .. ', "qty": 1}')
  end
  return wrk.format("GET", "/a/" .. id)
end
