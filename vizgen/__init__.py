"""vizgen: the Chopsticks atlas.

Every variant of the hand game Chopsticks enumerated, solved exactly and drawn
as a static site. Layers, each importing only those before it:
``variants -> rules -> graph -> solve -> analysis -> layout -> render -> build -> cli``.
"""

__version__ = "0.1.0"
