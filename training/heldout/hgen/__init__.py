"""Held-out agent-run generator (stdlib only). See ../README.md."""
