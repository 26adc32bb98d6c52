-- bench_sealed_payload() for pgbench's ingest script (ingest.sql): what Tambat stores as payload_ciphertext for
-- a 10,240-byte body, 10,268 bytes (AES-GCM adds a 12-byte nonce and a 16-byte tag), random like a ciphertext,
-- so TOAST cannot compress it either. This variant: pgcrypto's gen_random_bytes (at most 1,024 bytes a call),
-- fresh in every call. A body of one expression with no FROM, so the planner inlines it into the INSERT.
CREATE FUNCTION bench_sealed_payload() RETURNS bytea LANGUAGE sql VOLATILE AS $$
    SELECT gen_random_bytes(1024) || gen_random_bytes(1024) || gen_random_bytes(1024) || gen_random_bytes(1024)
        || gen_random_bytes(1024) || gen_random_bytes(1024) || gen_random_bytes(1024) || gen_random_bytes(1024)
        || gen_random_bytes(1024) || gen_random_bytes(1024) || gen_random_bytes(28)
$$;
