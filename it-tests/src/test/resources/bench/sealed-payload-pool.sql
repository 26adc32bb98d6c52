-- bench_sealed_payload() for pgbench's ingest script (ingest.sql): what Tambat stores as payload_ciphertext for
-- a 10,240-byte body, 10,268 bytes (AES-GCM adds a 12-byte nonce and a 16-byte tag), random like a ciphertext,
-- so TOAST cannot compress it either. This variant, for a database without pgcrypto: 64 such values made once
-- from MD5 digests of random numbers (642 digests of 16 bytes each), one of them picked at random per call.
-- The lookup costs pgbench a little more than pgcrypto's fresh bytes would.
CREATE TABLE bench_random_pool (slot integer PRIMARY KEY, bytes bytea NOT NULL);
INSERT INTO bench_random_pool (slot, bytes)
SELECT slot, (SELECT substring(string_agg(decode(md5(random()::text || slot || i), 'hex'), ''::bytea) FROM 1 FOR 10268)
              FROM generate_series(1, 642) AS i)
FROM generate_series(0, 63) AS slot;
CREATE FUNCTION bench_sealed_payload() RETURNS bytea LANGUAGE sql VOLATILE AS $$
    SELECT bytes FROM bench_random_pool WHERE slot = (SELECT CAST(floor(random() * 64) AS integer))
$$;
