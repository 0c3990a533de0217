"""The scenario room: a scenario's set-up values (the properties dock)."""
