"""Play by file: two people play a battle by sending each other game files (docs/pbem.md), each file checked
against the packs, the chain of earlier turns and the receiving side's own journal; orders are committed before
they are revealed and each turn's random draws come from both sides."""
