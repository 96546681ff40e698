-- Sign-in sessions of Solana and Bitcoin accounts (issue 16, CAIP-122): their chain is a CAIP-2
-- id, which has no EIP-155 number. Older rows are eip155 sessions of their chain_id.
ALTER TABLE sessions ADD COLUMN caip_network_id text;
UPDATE sessions SET caip_network_id = 'eip155:' || chain_id;
ALTER TABLE sessions ALTER COLUMN caip_network_id SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN chain_id DROP NOT NULL;
