/**
 * The MCP vocabulary: protocol versions and eras, header names, _meta keys and method inventories.
 */
package io.eragate.core.mcp;
