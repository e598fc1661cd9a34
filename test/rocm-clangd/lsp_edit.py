"""An LSP client for edits: what a language server publishes after each version of a document, and
how long that takes (issue #31 item 4: the latency after an edit).

Test mode: open PATH with the text of TEXT1 (the editor's buffer; what is on disk at PATH is not
sent), then replace the whole buffer with TEXT2, TEXT3, ... one version at a time, and print, for
every version, the rocm-* diagnostics published for exactly that version as JSON lines:
  lsp_edit.py [--actions] [--dirty HEADER=TEXT ...] CLANGD WORKSPACE PATH TEXT1 [TEXT2 ...]
--dirty opens HEADER in the editor with the text of TEXT, unsaved (pair it with
--clangd-arg=--use-dirty-headers so the server reads open headers from the editor); --actions
also prints where each finding's quick fix would edit; --reopen closes the document after the
last version and opens it again with the same text, as one more version.

Bench mode: two servers (A, the baseline, and B), each in its own workspace holding the same file
and compile database, opened once; then EDITS edits, each sent to both servers one after the other
(the order alternates), each timed from didChange to the publishDiagnostics of that version, with
the server's CPU time over the same interval. An edit inserts a top-level declaration before line
AT (--kind decl) or a statement at the end of the function that starts at line AT (--kind body),
the next removes it again, so every version is a real change that shifts the lines below.
  lsp_edit.py --bench EDITS --at LINE [--kind decl|body] --a CLANGD WS --b CLANGD WS --file FILE
  (FILE relative to each WS)
Prints one JSON line per edit and server, then the medians.
"""
import argparse
import json
import os
import select
import statistics
import subprocess
import sys
import time


class Server:
    def __init__(self, cmd, workspace, stderr=None):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr or subprocess.DEVNULL, cwd=workspace)
        self.next_id = 0
        self.buf = b""
        self.ticks = os.sysconf("SC_CLK_TCK")
        rid = self.send("initialize", {
            "processId": os.getpid(), "rootUri": "file://" + os.path.abspath(workspace),
            "capabilities": {"textDocument": {
                "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
                "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix"]}}}}}})
        self.wait_for(lambda m: m.get("id") == rid, 120)
        self.send("initialized", {}, notify=True)

    def send(self, method, params, notify=False):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        if not notify:
            self.next_id += 1
            msg["id"] = self.next_id
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return msg.get("id")

    def receive(self, deadline):
        while True:
            if b"\r\n\r\n" in self.buf:
                head, rest = self.buf.split(b"\r\n\r\n", 1)
                length = int([l for l in head.split(b"\r\n")
                              if l.lower().startswith(b"content-length")][0].split(b":")[1])
                if len(rest) >= length:
                    self.buf = rest[length:]
                    return json.loads(rest[:length])
            left = deadline - time.time()
            if left <= 0:
                raise SystemExit("timed out waiting for the language server")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    raise SystemExit("the language server exited")
                self.buf += chunk

    def wait_for(self, pred, seconds):
        # A bound, so a broken server fails the test instead of hanging it.
        deadline = time.time() + seconds
        while True:
            m = self.receive(deadline)
            if pred(m):
                return m

    def diagnostics(self, uri, version, seconds=120):
        # The notification for exactly this version: an older one still in flight does not count.
        m = self.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics" and
                          m["params"]["uri"] == uri and m["params"].get("version") == version, seconds)
        return m["params"]["diagnostics"]

    def cpu_seconds(self):
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.ticks

    def open(self, uri, text, version=1):
        self.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cpp", "version": version,
                                                            "text": text}}, notify=True)

    def change(self, uri, text, version):
        self.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": [{"text": text}]}, notify=True)

    def close(self):
        rid = self.send("shutdown", None)
        self.wait_for(lambda m: m.get("id") == rid, 60)
        self.send("exit", None, notify=True)
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


def uri_of(path):
    return "file://" + os.path.abspath(path)


def server_cmd(clangd, extra):
    return [clangd, "--log=error", "--background-index=false", "--clang-tidy"] + extra


def test_mode(args):
    err = open(os.environ["LSP_CLIENT_STDERR"], "w") if os.environ.get("LSP_CLIENT_STDERR") else None
    server = Server(server_cmd(args.clangd, args.clangd_arg), args.workspace, err)
    for spec in args.dirty:
        header, text = spec.split("=", 1)
        server.open(uri_of(header), open(text).read())
    uri = uri_of(args.path)
    texts = args.texts + (args.texts[-1:] if args.reopen else [])
    for version, text_file in enumerate(texts, start=1):
        text = open(text_file).read()
        if version == 1:
            server.open(uri, text)
        elif args.reopen and version == len(texts):
            server.send("textDocument/didClose", {"textDocument": {"uri": uri}}, notify=True)
            server.open(uri, text, version)
        else:
            server.change(uri, text, version)
        rocm = [d for d in server.diagnostics(uri, version) if str(d.get("code", "")).startswith("rocm-")]
        for d in rocm:
            print(json.dumps({"version": version, "diagnostic": d["code"], "line": d["range"]["start"]["line"] + 1,
                              "character": d["range"]["start"]["character"] + 1, "message": d["message"]}))
            if args.actions:
                # Where the quick fix of this finding would edit, as the editor would apply it.
                rid = server.send("textDocument/codeAction", {
                    "textDocument": {"uri": uri}, "range": d["range"],
                    "context": {"diagnostics": [d], "only": ["quickfix"]}})
                for a in server.wait_for(lambda m: m.get("id") == rid, 60)["result"] or []:
                    for e in a.get("edit", {}).get("changes", {}).get(uri, []):
                        r = e["range"]
                        print(json.dumps({"version": version, "action": a["title"],
                                          "from": [r["start"]["line"] + 1, r["start"]["character"] + 1],
                                          "to": [r["end"]["line"] + 1, r["end"]["character"] + 1],
                                          "text": e["newText"]}))
        # One line per version after its diagnostics, so a test can tell the versions apart.
        print(json.dumps({"version": version, "published": len(rocm)}), flush=True)
    sys.exit(server.close())


def bench_mode(args):
    servers = {"a": Server(server_cmd(args.a[0], []), args.a[1]), "b": Server(server_cmd(args.b[0], []), args.b[1])}
    paths = {k: os.path.join(ws, args.file) for k, ws in (("a", args.a[1]), ("b", args.b[1]))}
    original = open(paths["a"]).read().splitlines(keepends=True)
    at = max(1, min(args.at, len(original) + 1))
    if args.kind == "body":
        # Into the body of the function that starts at AT: before its first line that is just "}".
        at = next((i + 1 for i in range(at - 1, len(original)) if original[i].rstrip() == "}"), at)
    for k, s in servers.items():
        s.open(uri_of(paths[k]), "".join(original))
        s.diagnostics(uri_of(paths[k]), 1, 600)
    times = {"a": [], "b": [], "cpu_a": [], "cpu_b": []}
    for edit in range(1, args.bench + 1):
        version = edit + 1
        lines = list(original)
        if edit % 2 and args.kind == "body":
            lines.insert(at - 1, f"  int rocmBenchEdit{edit} = {edit} * (int)threadIdx.x; (void)rocmBenchEdit{edit};\n")
        elif edit % 2:
            lines.insert(at - 1, f"int rocmBenchEdit{edit} = {edit};\n")
        text = "".join(lines)
        order = ("a", "b") if edit % 2 else ("b", "a")
        for k in order:
            s, uri = servers[k], uri_of(paths[k])
            time.sleep(args.settle)
            cpu0, t0 = s.cpu_seconds(), time.perf_counter()
            s.change(uri, text, version)
            diags = s.diagnostics(uri, version)
            wall, cpu = time.perf_counter() - t0, s.cpu_seconds() - cpu0
            times[k].append(wall)
            times["cpu_" + k].append(cpu)
            rocm = sum(1 for d in diags if str(d.get("code", "")).startswith("rocm-"))
            print(json.dumps({"edit": edit, "server": k, "wall_s": round(wall, 4), "cpu_s": round(cpu, 3),
                              "diagnostics": len(diags), "rocm": rocm}), flush=True)
    for s in servers.values():
        s.close()
    med = {k: statistics.median(v) for k, v in times.items()}
    ratios = [b / a for a, b in zip(times["a"], times["b"])]
    print(json.dumps({"edits": args.bench, "median_wall_a": round(med["a"], 4), "median_wall_b": round(med["b"], 4),
                      "ratio_of_medians": round(med["b"] / med["a"], 3),
                      "median_paired_ratio": round(statistics.median(ratios), 3),
                      "median_cpu_a": round(med["cpu_a"], 3), "median_cpu_b": round(med["cpu_b"], 3)}))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bench", type=int)
    p.add_argument("--at", type=int, default=1)
    p.add_argument("--kind", choices=["decl", "body"], default="decl")
    p.add_argument("--settle", type=float, default=0.3)
    p.add_argument("--a", nargs=2)
    p.add_argument("--b", nargs=2)
    p.add_argument("--file")
    p.add_argument("--dirty", action="append", default=[])
    p.add_argument("--actions", action="store_true")
    p.add_argument("--reopen", action="store_true")
    p.add_argument("--clangd-arg", action="append", default=[])
    p.add_argument("rest", nargs="*")
    args = p.parse_args()
    if args.bench:
        if not (args.a and args.b and args.file):
            p.error("--bench needs --a, --b and --file")
        bench_mode(args)
        return
    if len(args.rest) < 4:
        p.error("usage: lsp_edit.py CLANGD WORKSPACE PATH TEXT1 [TEXT2 ...]")
    args.clangd, args.workspace, args.path = args.rest[:3]
    args.texts = args.rest[3:]
    test_mode(args)


if __name__ == "__main__":
    main()
