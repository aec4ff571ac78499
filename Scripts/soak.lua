-- wrk script for Scripts/soak.sh: rotates valid, invalid and oversized requests and
-- counts, per kind of answer, what came back.
local path = "/api/2026-04/graphql.json"
local headers = { ["Content-Type"] = "application/json" }
local requests = {}

local function add(body)
    requests[#requests + 1] = wrk.format("POST", path, headers, body)
end

-- valid
add('{"query":"{ shop { name } }"}')
add('{"query":"query P($h: String!) { product(handle: $h) { title variants(first: 3) { nodes { id price { amount } } } } }","variables":{"h":"wool-socks"}}')
-- invalid: not JSON, invalid UTF-8, a syntax error, a deep query, an alias bomb
add('{"query": ')
add('{"query":"{ shop { name \255\254 } }"}')
add('{"query":"{ shop { name "}')
add('{"query":"' .. string.rep("{ shop ", 300) .. string.rep("}", 300) .. '"}')
local aliases = {}
for i = 1, 2000 do aliases[#aliases + 1] = "a" .. i .. ": shop { name }" end
add('{"query":"{ ' .. table.concat(aliases, " ") .. ' }"}')
-- oversized: 1.5 MiB
add('{"query":"{ shop { name } }","variables":{"pad":"' .. string.rep("x", 1536 * 1024) .. '"}}')

local counter = 0
local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    valid, refused, tooLarge, other = 0, 0, 0, 0
    counter = math.random(#requests)
end

function request()
    counter = counter % #requests + 1
    return requests[counter]
end

function response(status, headers, body)
    if status == 200 and body:find("Sample Shoes", 1, true) then
        valid = valid + 1
    elseif status == 200 and body:find('"errors"', 1, true) then
        refused = refused + 1
    elseif status == 400 then
        refused = refused + 1
    elseif status == 413 then
        tooLarge = tooLarge + 1
    elseif status == 200 and body:find('"product"', 1, true) then
        valid = valid + 1
    else
        other = other + 1
    end
end

function done(summary, latency, requests)
    local v, r, t, o = 0, 0, 0, 0
    for _, thread in ipairs(threads) do
        v = v + thread:get("valid")
        r = r + thread:get("refused")
        t = t + thread:get("tooLarge")
        o = o + thread:get("other")
    end
    io.write(string.format("answers: valid %d, refused (400 or GraphQL errors) %d, too large (413) %d, other %d\n", v, r, t, o))
    io.write(string.format("socket errors: connect %d, read %d, write %d, timeout %d; non-2xx %d\n",
        summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
end
