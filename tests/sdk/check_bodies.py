"""Checks request bodies asimi-prompt printed against the providers' official Python SDKs.

Usage: check_bodies.py PROVIDER BODY.json [BODY.json ...]

For each body: the SDK's own request type validates it (pydantic), then the SDK sends it,
as `create(**body)` (which refuses unknown keys), to a server on the loopback address that
answers like the provider; the body must arrive unchanged, and the SDK must raise no
warning (a deprecated model warns). Gemini bodies are checked against google-genai's
types, key by key. Prints one line per body; exits 1 on any failure.
"""

import json
import sys
import threading
import warnings
from http.server import BaseHTTPRequestHandler, HTTPServer

from pydantic import TypeAdapter

ANSWERS = {
    "anthropic": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "m",
        "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn",
        "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1},
    },
    "openai": {
        "id": "c1", "object": "chat.completion", "created": 0, "model": "m",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": "ok"}}],
    },
    "openai-responses": {
        "id": "r1", "object": "response", "created_at": 0, "model": "m", "status": "completed",
        "output": [], "parallel_tool_calls": False, "tool_choice": "auto", "tools": [],
    },
}


class Loopback(BaseHTTPRequestHandler):
    received = []

    def do_POST(self):
        length = int(self.headers["content-length"])
        Loopback.received.append(json.loads(self.rfile.read(length)))
        answer = json.dumps(ANSWERS[self.server.provider]).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


def anthropic_check(body, base_url):
    import anthropic
    from anthropic.types import message_create_params as p

    kind = p.MessageCreateParamsStreaming if body.get("stream") else p.MessageCreateParamsNonStreaming
    TypeAdapter(kind).validate_python(body)
    if body.get("stream"):
        return  # the loopback server answers JSON, not an event stream
    client = anthropic.Anthropic(api_key="test", base_url=base_url, max_retries=0)
    client.messages.create(**body)


def openai_check(body, base_url, api="chat"):
    """Chat Completions, or with `api="responses"` the Responses API."""
    import openai

    if api == "chat":
        from openai.types.chat import completion_create_params as p

        kinds = (p.CompletionCreateParamsStreaming, p.CompletionCreateParamsNonStreaming)
    else:
        from openai.types.responses import response_create_params as p

        kinds = (p.ResponseCreateParamsStreaming, p.ResponseCreateParamsNonStreaming)
    TypeAdapter(kinds[0] if body.get("stream") else kinds[1]).validate_python(body)
    if body.get("stream"):
        return
    client = openai.OpenAI(api_key="test", base_url=base_url, max_retries=0)
    endpoint = client.chat.completions if api == "chat" else client.responses
    endpoint.create(**body)


def gemini_check(body, _base_url):
    from google.genai import types

    known = {"contents", "systemInstruction", "generationConfig", "cachedContent", "tools"}
    for held in ("systemInstruction", "tools"):
        if "cachedContent" in body and held in body:
            raise ValueError(f"a request that uses a cached entry may not repeat its {held}")
    unknown = set(body) - known
    if unknown:
        raise ValueError(f"keys the API does not take: {sorted(unknown)}")
    for content in body["contents"]:
        types.Content.model_validate(content)
    if "systemInstruction" in body:
        types.Content.model_validate(body["systemInstruction"])
    types.GenerateContentConfig.model_validate(body.get("generationConfig", {}))
    for tool in body.get("tools", []):
        types.Tool.model_validate(tool)  # extra keys are refused


def gemini_cache_check(body, _base_url):
    """A cachedContents create body: the REST fields of google-genai's
    CreateCachedContentConfig, and the model."""
    from google.genai import types

    if not body.get("model", "").startswith("models/"):
        raise ValueError("the model must be named models/NAME")
    config = {k: v for k, v in body.items() if k != "model"}
    unknown = set(config) - {"contents", "systemInstruction", "tools", "ttl"}
    if unknown:
        raise ValueError(f"keys the API does not take: {sorted(unknown)}")
    types.CreateCachedContentConfig.model_validate(config)
    for tool in config.get("tools", []):
        types.Tool.model_validate(tool)  # extra keys are refused


CHECKS = {"anthropic": anthropic_check, "openai": openai_check, "openrouter": openai_check,
          "openai-responses": lambda body, url: openai_check(body, url, "responses"),
          "gemini": gemini_check, "gemini-cache": gemini_cache_check}


def main():
    provider, paths = sys.argv[1], sys.argv[2:]
    server = HTTPServer(("127.0.0.1", 0), Loopback)
    server.provider = "openai" if provider == "openrouter" else provider
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base_url = f"http://127.0.0.1:{server.server_port}"
    if provider in ("openai", "openrouter", "openai-responses"):
        base_url += "/v1"
    failed = 0
    for path in paths:
        body = json.load(open(path))
        Loopback.received.clear()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                CHECKS[provider](body, base_url)
            except Exception as e:  # noqa: BLE001 - every failure is reported the same way
                print(f"FAIL {path}: {type(e).__name__}: {e}")
                failed += 1
                continue
        noise = [str(w.message) for w in caught]
        if noise:
            print(f"FAIL {path}: the SDK warned: {noise}")
            failed += 1
        elif Loopback.received and Loopback.received[0] != body:
            print(f"FAIL {path}: the body arrived changed")
            failed += 1
        else:
            print(f"ok {path}")
    server.shutdown()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
