-- One token bucket in a Redis hash, the same arithmetic as io.eragate.core.ratelimit.TokenBucket.
-- KEYS[1]: the bucket; ARGV[1]: capacity; ARGV[2]: refill period in microseconds.
-- Time is the Redis server's own (TIME), so replicas with skewed clocks still share one bucket correctly.
-- Returns 0 when a token was taken, else the whole seconds until one is there (at least 1).
local capacity = tonumber(ARGV[1])
local period = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = capacity
  at = now
end
if now > at then
  tokens = math.min(capacity, tokens + (now - at) * capacity / period)
  at = now
end
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = math.ceil((1 - tokens) * period / capacity / 1000000)
  if wait < 1 then
    wait = 1
  end
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil(period / 1000) + 1000)
return wait
