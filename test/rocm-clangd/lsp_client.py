"""A minimal LSP client: starts rocm-clangd on stdio, opens a HIP file, waits for the rocm-*
diagnostics, asks for the code actions at the first one and prints what came back as JSON lines.

usage: lsp_client.py CLANGD WORKSPACE FILE   (LSP_CLIENT_STDERR=FILE: the server's stderr goes there)
"""
import json
import os
import select
import subprocess
import sys
import time

clangd, workspace, path = sys.argv[1:4]
uri = "file://" + os.path.abspath(path)
# LSP_CLIENT_STDERR=FILE keeps the server's log (tests that look for its log lines).
err = open(os.environ["LSP_CLIENT_STDERR"], "w") if os.environ.get("LSP_CLIENT_STDERR") else subprocess.DEVNULL
proc = subprocess.Popen([clangd, "--log=error", "--background-index=false", "--clang-tidy"],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, cwd=workspace)
next_id = 0
buf = b""
deadline = time.time() + 60  # a bound, so a broken server fails the test instead of hanging it


def send(method, params, notify=False):
    global next_id
    msg = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        msg["params"] = params
    if not notify:
        next_id += 1
        msg["id"] = next_id
    body = json.dumps(msg).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()
    return msg.get("id")


def receive():
    global buf
    while True:
        if b"\r\n\r\n" in buf:
            head, rest = buf.split(b"\r\n\r\n", 1)
            length = int([l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0].split(b":")[1])
            if len(rest) >= length:
                buf = rest[length:]
                return json.loads(rest[:length])
        left = deadline - time.time()
        if left <= 0:
            raise SystemExit("timed out waiting for rocm-clangd")
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                raise SystemExit("rocm-clangd exited")
            buf += chunk


def wait_for(pred):
    while True:
        m = receive()
        if pred(m):
            return m


rid = send("initialize", {"processId": os.getpid(), "rootUri": "file://" + os.path.abspath(workspace),
                          "capabilities": {"textDocument": {"publishDiagnostics": {"relatedInformation": True},
                                                            "codeAction": {"codeActionLiteralSupport": {
                                                                "codeActionKind": {"valueSet": ["quickfix"]}}}}}})
wait_for(lambda m: m.get("id") == rid)
send("initialized", {}, notify=True)
text = open(path).read()
send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cpp", "version": 1, "text": text}},
     notify=True)
diags = wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                 m["params"]["uri"] == uri and any(str(d.get("code", "")).startswith("rocm-")
                                                   for d in m["params"]["diagnostics"]))
rocm = [d for d in diags["params"]["diagnostics"] if str(d.get("code", "")).startswith("rocm-")]
for d in rocm:
    print(json.dumps({"diagnostic": d["code"], "source": d.get("source"), "line": d["range"]["start"]["line"] + 1,
                      "character": d["range"]["start"]["character"] + 1, "message": d["message"]}))
first = rocm[0]
rid = send("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": first["range"],
                                       "context": {"diagnostics": [first], "only": ["quickfix"]}})
actions = wait_for(lambda m: m.get("id") == rid)["result"]
for a in actions:
    edits = a.get("edit", {}).get("changes", {}).get(uri, [])
    print(json.dumps({"action": a["title"], "edits": [e["newText"] for e in edits]}))
rid = send("shutdown", None)
wait_for(lambda m: m.get("id") == rid)
send("exit", None, notify=True)
proc.stdin.close()
sys.exit(proc.wait(timeout=30))
