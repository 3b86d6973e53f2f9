"""Checks the response fixtures reply reads (fixtures/reply/) against the providers'
official SDKs, as .ci/run pins them: each whole body and each stream event must validate
as the SDK's own pydantic type, so the fixtures are responses the APIs really send.

Usage: check_replies.py DIR   (exit 1 naming the first fixture that does not validate)
"""

import json
import pathlib
import sys

import anthropic.types
import openai.types.chat
import openai.types.responses
import pydantic
from google.genai import types as genai

STREAM_EVENT = {
    "anthropic": pydantic.TypeAdapter(anthropic.types.RawMessageStreamEvent),
    "openai": pydantic.TypeAdapter(openai.types.chat.ChatCompletionChunk),
    "openrouter": pydantic.TypeAdapter(openai.types.chat.ChatCompletionChunk),
    "responses": pydantic.TypeAdapter(openai.types.responses.ResponseStreamEvent),
    "gemini": pydantic.TypeAdapter(genai.GenerateContentResponse),
}
BODY = {
    "anthropic": anthropic.types.Message,
    "openai": openai.types.chat.ChatCompletion,
    "openrouter": openai.types.chat.ChatCompletion,
    "responses": openai.types.responses.Response,
    "gemini": genai.GenerateContentResponse,
}


def events(text):
    """The data of each server-sent event ([DONE] left out)."""
    for block in text.split("\n\n"):
        data = [l[len("data:"):].strip() for l in block.splitlines() if l.startswith("data:")]
        if data and data != ["[DONE]"]:
            yield "\n".join(data)


def main(directory):
    checked = 0
    for path in sorted(pathlib.Path(directory).iterdir()):
        shape = path.stem
        text = path.read_text()
        try:
            if path.suffix == ".json":
                BODY[shape].model_validate(json.loads(text))
            else:
                for data in events(text):
                    # The API's keep-alive, which the SDK reads apart from its event union.
                    if json.loads(data).get("type") == "ping":
                        continue
                    STREAM_EVENT[shape].validate_python(json.loads(data))
        except pydantic.ValidationError as e:
            print(f"{path.name}: {e}", file=sys.stderr)
            return 1
        checked += 1
    print(f"{checked} fixtures validate")
    return 0 if checked else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
