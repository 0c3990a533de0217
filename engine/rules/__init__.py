"""Combat rules as pure functions: fire, suppression and combat-report categories (docs/rules.md 6.4-6.7, 6.12)."""
