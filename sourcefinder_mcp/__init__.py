"""The desk: a slim MCP server over the published index."""
