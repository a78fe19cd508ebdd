"""Names vulture (dead-code search; pyproject.toml [tool.vulture]) takes for unused but that
stay: read by numpy, numba, click, pytest or people rather than by a call it can see."""

# numpy's flags, set to make arrays read-only
_.writeable  # noqa
# numba's BLAS probe, replaced by the command line (cli/options.py skip_blas_probe)
_.ensure_blas  # noqa
# click commands registered by their decorators (cli/play.py)
position_new  # noqa
position_show  # noqa
tui  # noqa
# numba's event listener interface (console/compiling.py on_first_compile)
_.on_end  # noqa
# Textual calls these by name: class settings, compose, message handlers (on_*), and the
# actions its key bindings name (action_*) in the play app (apps/tui)
BINDINGS  # noqa
DEFAULT_CSS  # noqa
_.compose  # noqa
_.on_mount  # noqa
_.on_resize  # noqa
_.on_button_pressed  # noqa
_.on_input_submitted  # noqa
_.on_option_list_option_highlighted  # noqa
_.on_option_list_option_selected  # noqa
_.action_cancel  # noqa
_.action_flip  # noqa
_.action_jump  # noqa
_.action_new  # noqa
_.action_position  # noqa
_.action_quit  # noqa
_.action_reveal  # noqa
_.action_review  # noqa
_.action_save  # noqa
_.action_step  # noqa
_.action_unpick  # noqa
_.action_view  # noqa
# the encoding, named for readers of codes.py (each colour, each event argument column)
COLOUR_RED  # noqa
COLOUR_BLUE  # noqa
COLOUR_YELLOW  # noqa
COLOUR_GREEN  # noqa
EV_A  # noqa
EV_B  # noqa
EV_C  # noqa
EV_D  # noqa
# numba's overloads of search_choice, search_note and search_new_game, registered by their
# decorators (games/emr/players/ismcts.py)
_search_choice  # noqa
_search_note  # noqa
_search_new_game  # noqa
# pytest: module marks, autouse and requested fixtures, unused names of a signature or tuple
pytestmark  # noqa
small_chunks  # noqa
bounded  # noqa
enabled  # noqa
_scenarios_hold_each_card_once  # noqa
signum  # noqa
reveal  # noqa
wilson_high  # noqa
# numba reads the cache directory a locator sets (jit.py: KeyedLocator)
_cache_path  # noqa
# numba's overloads of the game contract's stubs, registered by their decorators (kernel_contract.py)
_init  # noqa
_legal  # noqa
_apply  # noqa
_to_move  # noqa
_results  # noqa
_observe  # noqa
_determinise  # noqa
_evaluate  # noqa
_action_value  # noqa
_rollout  # noqa
_record  # noqa
_own_player  # noqa
# OpenSpiel calls a Python game's state and observer by these names (ecosystem/openspiel_game.py)
_legal_actions  # noqa
_apply_action  # noqa
_action_to_string  # noqa
_.resample_from_infostate  # noqa
_.set_from  # noqa
_.string_from  # noqa
# PettingZoo's AEC API, called by its users and its checks (ecosystem/pettingzoo_env.py)
_.observation_space  # noqa
_.action_space  # noqa
_.infos  # noqa
# a module's attribute hook (PEP 562): emr_sim.analysis imports its names on first use
__getattr__  # noqa
