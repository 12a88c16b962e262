-- wrk script: POST /test/testApi {"number": N} as the reference experiment's test-nginx.lua did.
-- N comes from the NUMBER environment variable (default 2).
wrk.method = "POST"
wrk.body = '{"number": ' .. (os.getenv("NUMBER") or "2") .. '}'
wrk.headers["Content-Type"] = "application/json"
