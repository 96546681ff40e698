-- The hash of block 0 of the chain a checkpoint was built on. A different genesis (a devnet
-- restarted) is the only proof that lets the indexer forget a chain and index it again; a
-- lagging or wrong RPC never does. Filled from a kept block 0 when there is one, otherwise on
-- the indexer's next write.
ALTER TABLE indexer_checkpoints ADD COLUMN genesis_hash text;

UPDATE indexer_checkpoints SET genesis_hash = block.hash
FROM indexer_blocks block
WHERE block.chain_id = indexer_checkpoints.chain_id AND block.number = 0;
