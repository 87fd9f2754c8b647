"""The yardstick for `make bench`'s throughput section: the bare official MCP SDK server.

The same transport settings Forma serves with (stateless, JSON responses), two tools that
return a static two-item catalogue and a static status, and nothing else: no credentials,
no database, no rate limit. `uvicorn bench.bare_server:app` serves it at /mcp.
"""

from __future__ import annotations

from mcp.server import MCPServer
from mcp.server.transport_security import TransportSecuritySettings

CATALOGUE = [
    {"name": "chart", "summary": "Charts as Vega-Lite, checked against the intent.", "formats": ["vega-lite"], "price": 1},
    {"name": "diagram", "summary": "Diagrams as Graphviz DOT, checked against the intent.", "formats": ["dot"], "price": 1},
]

server = MCPServer(name="bare")


@server.tool(name="list_oracles")
async def list_oracles() -> dict:
    return {"oracles": CATALOGUE}


@server.tool(name="forma_status")
async def forma_status() -> dict:
    return {"org_id": "org_bare", "plan": "pro", "credits": 1000}


app = server.streamable_http_app(
    streamable_http_path="/mcp",
    stateless_http=True,
    json_response=True,
    transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
)
