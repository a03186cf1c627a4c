/**
 * JSON-RPC 2.0 messages as sealed records, error codes, and the codec that classifies raw bytes.
 */
package io.eragate.core.jsonrpc;
