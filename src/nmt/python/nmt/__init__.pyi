"""Type stubs of the nmt package (its docstrings are in __init__.py)."""
import os
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union, overload

_Path = Union[str, os.PathLike]
_Glossary = Union[Mapping[str, str], _Path, None]
_Source = Union[Sequence[str], Sequence[Sequence[str]]]

class Error(ValueError): ...

class TranslationResult:
    hypotheses: List[Any]  # str per hypothesis for text input, List[str] (pieces) for pieces
    scores: List[float]
    log_probs: List[float]
    attention: List[List[List[float]]]
    alignments: List[str]
    def __init__(self, hypotheses: Iterable[Any], scores: Iterable[float] = ..., log_probs: Iterable[float] = ...,
                 attention: Iterable[List[List[float]]] = ..., alignments: Iterable[str] = ...) -> None: ...
    def __getitem__(self, key: str) -> Any: ...

class ScoringResult:
    tokens: List[str]
    log_probs: List[float]
    def __init__(self, tokens: Iterable[str], log_probs: Iterable[float]) -> None: ...
    @property
    def log_prob(self) -> float: ...
    def __getitem__(self, key: str) -> Any: ...

class Translator:
    def __init__(self, path: Union[_Path, Sequence[_Path]], device: str = ..., threads: Optional[int] = ...,
                 workers: Optional[int] = ..., quantize: Optional[str] = ..., weights: Optional[Sequence[float]] = ...,
                 shortlist: Optional[str] = ..., inter_threads: Optional[int] = ...,
                 intra_threads: Optional[int] = ...) -> None: ...
    @overload
    def translate(self, texts: Union[List[str], Tuple[str, ...]], beam: int = ..., n_best: int = ..., window: int = ...,
                  glossary: _Glossary = ..., glossary_ignore_case: bool = ...,
                  constraints: Optional[Sequence[Union[str, Sequence[str]]]] = ...) -> List[Any]: ...
    @overload
    def translate(self, texts: Iterable[str], beam: int = ..., n_best: int = ..., window: int = ...,
                  glossary: _Glossary = ..., glossary_ignore_case: bool = ...,
                  constraints: None = ...) -> Iterator[Any]: ...
    def translate_batch(self, source: _Source, beam_size: int = ..., num_hypotheses: int = ...,
                        length_penalty: Optional[float] = ..., max_decoding_length: Optional[int] = ...,
                        disable_unk: Optional[bool] = ..., search: Optional[str] = ...,
                        word_penalty: Optional[float] = ..., brevity_penalty: Optional[float] = ...,
                        length_ratio: Optional[float] = ..., max_batch_size: Optional[int] = ...,
                        return_scores: bool = ..., return_attention: bool = ..., return_alignment: bool = ...,
                        glossary: _Glossary = ..., glossary_ignore_case: bool = ...,
                        constraints: Optional[Sequence[Union[str, Sequence[str]]]] = ...) -> List[TranslationResult]: ...
    def score_batch(self, source: _Source, target: _Source,
                    max_batch_size: Optional[int] = ...) -> List[ScoringResult]: ...

class Score:
    score: float
    metric: str
    text: str
    def __init__(self, fields: Dict[str, Any]) -> None: ...
    def __float__(self) -> float: ...
    def __getattr__(self, name: str) -> Any: ...  # counts, precisions, bp, signature, ...

def score(hyps: Iterable[str], refs: Iterable[str], metric: str = ..., tokenize: str = ...,
          lowercase: bool = ...) -> Score: ...
def train(config: Union[Dict[str, Any], _Path], callback: Optional[Callable[[str], None]] = ..., **options: Any) -> Dict[str, Any]: ...
def train_options(section: str = ...) -> List[Dict[str, Any]]: ...
