/* Compiled double-dummy search for preferans.core.solver (optional accelerator).
 *
 * The same game as Solver._search in core/solver.py: 2 or 3 active hands, trump or no-trump, must follow /
 * trump / beat / over-trump, early stops counted from the stop seat, one side maximising the declarer's
 * tricks, from any position that is not led by the talon (those tricks stay in Python). The values are
 * exact, so they equal the pure-Python solver's; the algorithm is its own:
 *
 *   - null-window alpha-beta tests driven by a binary search on the value (as in Python);
 *   - a transposition table at trick boundaries whose key is the hands with the ranks of each suit
 *     renumbered among the cards still out (a deal with AKQ gone looks like one with 7 8 9 gone), so
 *     positions that differ only in cards already played share an entry; each entry keeps the best lead;
 *   - equivalent cards (two cards of one hand with no live card between them) searched once;
 *   - move ordering by the side's aim (win the trick in a game, shed it in misère) and the table's lead;
 *   - quick bounds at trick boundaries: the tricks left, and in a game the sure tricks of the side on lead.
 *
 * The Python API is one type, Search(play, declarer, maximise), whose value(play) returns the declarer's
 * final tricks (or None for a position this code does not take: a talon-led trick or hands whose sizes
 * do not match the tricks left; the caller then searches in Python).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NT (-1)
#define SUIT(c) ((c) >> 3)

static uint8_t PEXT[256][256]; /* PEXT[live][hand]: the hand's cards renumbered among the live ones */

static inline uint32_t suit_mask(int s) { return 0xFFu << (8 * s); }
static inline uint32_t above(int card) { return suit_mask(SUIT(card)) & ~((2u << card) - 1u); }
#if (defined(__GNUC__) || defined(__clang__)) && !defined(DDS_PORTABLE)
static inline int low_card(uint32_t m) { return __builtin_ctz(m); }
static inline int high_card(uint32_t m) { return 31 - __builtin_clz(m); }
static inline int count_cards(uint32_t m) { return __builtin_popcount(m); }
#else /* other compilers: plain loops (m is never 0 for the first two) */
static inline int low_card(uint32_t m)
{
    int c = 0;
    while (!(m & 1u)) {
        m >>= 1;
        c++;
    }
    return c;
}
static inline int high_card(uint32_t m)
{
    int c = 31;
    while (!(m & 0x80000000u)) {
        m <<= 1;
        c--;
    }
    return c;
}
static inline int count_cards(uint32_t m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}
#endif

typedef struct {
    uint32_t h[3];
    uint32_t meta; /* 0 = empty slot */
    int8_t lo, hi; /* bounds on the declarer's tricks still to come */
    uint8_t move;  /* best lead: suit * 8 + its place among the live cards of the suit, 0xFF none */
    uint8_t pad;
} Entry;

typedef struct {
    PyObject_HEAD
    int supported;   /* 0: value() always answers None */
    int na;          /* active hands: 2 or 3 */
    int seat_of[3];  /* active index -> seat */
    int idx_of[16];  /* seat -> active index, -1 when not active */
    int nxt[3];
    int trump;
    int must_follow, must_trump, must_beat, must_overtrump;
    int maxside[3], is_decl[3], is_stop[3];
    int declarer, n_seats;
    int decl; /* active index of the declarer, -1 when he has no hand in play */
    int stop_seat; /* -1: none */
    int stop_mine, stop_def; /* -1: none */
    int stops;
    int quick; /* quick-trick bounds apply: a game with no early stop */
    int maximise;
    Entry *tt;
    int tt_bits;
    uint32_t tt_mask;
    uint32_t hands[3];
    long long nodes;
} Search;

/* ------------------------------------------------------------------ the rules */

static inline uint32_t legal_of(const Search *S, uint32_t hand, int led, int bc, int bt)
{
    if (led < 0)
        return hand;
    uint32_t follow = S->must_follow ? hand & suit_mask(led) : 0;
    if (follow) {
        if (S->must_beat && bc >= 0 && (!bt || SUIT(bc) == led)) {
            uint32_t higher = follow & above(bc);
            if (higher)
                return higher;
        }
        return follow;
    }
    if (S->must_trump) {
        uint32_t trumps = hand & suit_mask(S->trump);
        if (trumps) {
            if (S->must_overtrump && bt) {
                uint32_t higher = trumps & above(bc);
                if (higher)
                    return higher;
            }
            return trumps;
        }
    }
    return hand;
}

static inline int stopped(const Search *S, int done, int sw)
{
    if (done >= 10)
        return 1;
    if (!S->stops)
        return 0;
    if (S->stop_mine >= 0 && sw >= S->stop_mine)
        return 1;
    return S->stop_def >= 0 && done - sw >= S->stop_def;
}

/* ------------------------------------------------------------------ the table */

static inline uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static inline void make_key(const Search *S, int seat, int done, int won, int sw, uint32_t *k)
{
    uint32_t live = 0;
    for (int i = 0; i < S->na; i++)
        live |= S->hands[i];
    for (int i = 0; i < 3; i++)
        k[i] = 0;
    for (int s = 0; s < 4; s++) {
        unsigned l = (live >> (8 * s)) & 0xFF;
        if (!l)
            continue;
        for (int i = 0; i < S->na; i++)
            k[i] |= (uint32_t)PEXT[l][(S->hands[i] >> (8 * s)) & 0xFF] << (8 * s);
    }
    /* with no early stop the tricks to come do not depend on the tricks already won */
    k[3] = 1u | (uint32_t)seat << 1 | (uint32_t)done << 3;
    if (S->stops)
        k[3] |= (uint32_t)won << 8 | (uint32_t)sw << 13;
}

static inline Entry *tt_slot(const Search *S, const uint32_t *k)
{
    uint64_t h = mix(((uint64_t)k[0] << 32 | k[1]) ^ mix((uint64_t)k[2] << 32 | k[3]));
    return &S->tt[h & S->tt_mask];
}

static inline int same_key(const Entry *e, const uint32_t *k)
{
    return e->meta == k[3] && e->h[0] == k[0] && e->h[1] == k[1] && e->h[2] == k[2];
}

/* the live card of suit s at place p (0 = lowest), or -1 */
static inline int card_at(uint32_t live, int s, int p)
{
    uint32_t m = live & suit_mask(s);
    while (p-- > 0 && m)
        m &= m - 1;
    return m ? low_card(m) : -1;
}

/* ------------------------------------------------------------------ moves */

static int gen_moves(const Search *S, int seat, uint32_t legal, int led, int bc, int bh, int bt,
                     uint32_t tc, int in_trick, int *out, int tt_card)
{
    uint32_t hand = S->hands[seat];
    uint32_t live = tc;
    for (int i = 0; i < S->na; i++)
        live |= S->hands[i];
    int score[16];
    int n = 0;
    int last = in_trick + 1 == S->na;
    int trump = S->trump;
    uint32_t others = 0; /* cards of the other hands */
    for (int i = 0; i < S->na; i++)
        if (i != seat)
            others |= S->hands[i];
    uint32_t m = legal;
    while (m) {
        int card = low_card(m);
        m &= m - 1;
        uint32_t up = live & above(card);
        if (up && ((up & -up) & hand))
            continue; /* the next live card above is ours: the same card */
        int s = SUIT(card), r = card & 7;
        int sc;
        if (led < 0) {
            int top = !(others & above(card)); /* no other hand holds a higher card of the suit */
            if (S->maximise) {
                sc = top ? 100 + (s == trump ? 0 : 10) + r : 50 - r; /* either side: cash sure winners first */
            } else if (S->is_decl[seat]) {
                /* the declarer leads low, best where a defender has only higher cards (he must go
                   over), and keeps his winners for last */
                int forced = 0;
                for (int i = 0; i < S->na; i++) {
                    uint32_t d = S->hands[i] & suit_mask(s);
                    if (i != seat && d && low_card(d) > card)
                        forced = 1;
                }
                sc = top ? r : forced ? 200 - r : 100 - r;
            } else {
                /* the defenders lead low, best under the declarer's lowest card of the suit (he must go
                   over), worst in a suit he has not got */
                uint32_t d = S->decl >= 0 ? S->hands[S->decl] & suit_mask(s) : 0;
                sc = !d ? 50 - r : low_card(d) > card ? 200 - r : 100 - r;
            }
        } else {
            int beats;
            if (s == trump && trump != NT)
                beats = !bt || card > bc;
            else
                beats = s == led && !bt && card > bc;
            if (S->maximise) {
                int friend = S->maxside[bh] == S->maxside[seat];
                if (friend)
                    sc = beats ? 10 - r : 50 - r - (s == trump ? 8 : 0);
                else if (beats)
                    sc = last ? 100 - r : 100 - r + (s == trump ? -20 : 0);
                else
                    sc = 50 - r - (s == trump ? 8 : 0);
            } else if (S->is_decl[seat]) {
                /* the declarer ducks with his highest card that does not win; when he must win, with
                   his highest */
                sc = beats ? r : 100 + r;
            } else {
                int decl_best = S->is_decl[bh];
                int decl_played = 1; /* the declarer is not among the hands still to play to this trick */
                for (int k = 0, i = S->nxt[seat]; k < S->na - in_trick - 1; k++, i = S->nxt[i])
                    if (i == S->decl)
                        decl_played = 0;
                if (decl_best)
                    sc = beats ? r : 100 + r; /* keep the declarer on top, shed high cards */
                else if (!decl_played)
                    sc = 100 - r;             /* a defender leads the trick: stay low under it */
                else
                    sc = 100 + r;             /* the defenders take this one anyway: shed high cards */
            }
        }
        if (card == tt_card)
            sc = 1000;
        int j = n++;
        while (j > 0 && score[j - 1] < sc) {
            score[j] = score[j - 1];
            out[j] = out[j - 1];
            j--;
        }
        score[j] = sc;
        out[j] = card;
    }
    return n;
}

/* ------------------------------------------------------------------ the search */

/* Tricks the hand on lead takes at once by leading its top cards: in each suit the cards it holds above
   every other hand's are winners, in no-trump always, in a trump game in the trump suit, and in the other
   suits only when no other hand holds a trump. Only used in a game with no early stop (a stop could end the
   deal before the tricks are taken), for the side on lead: a lower bound on its tricks. */
static inline int quick_tricks(const Search *S, int seat)
{
    uint32_t mine = S->hands[seat], others = 0;
    for (int i = 0; i < S->na; i++)
        if (i != seat)
            others |= S->hands[i];
    int trump = S->trump;
    int side_suits = trump == NT || !(others & suit_mask(trump));
    int qt = 0;
    for (int s = 0; s < 4; s++) {
        if (s != trump && !side_suits)
            continue;
        uint32_t m = mine & suit_mask(s);
        if (!m)
            continue;
        uint32_t o = others & suit_mask(s);
        /* my cards above the other hands' highest card of the suit */
        qt += count_cards(o ? m & above(high_card(o)) : m);
    }
    return qt;
}

static int search(Search *S, int seat, int led, int bc, int bh, int bt, int in_trick, uint32_t tc,
                  int done, int won, int sw, int alpha, int beta)
{
    S->nodes++;
    Entry *e = NULL;
    uint32_t key[4];
    int tt_card = -1;
    if (in_trick == 0) {
        int rem = 10 - done;
        if (rem <= 0)
            return won;
        if (won + rem <= alpha)
            return won + rem;
        if (won >= beta)
            return won;
        make_key(S, seat, done, won, sw, key);
        e = tt_slot(S, key);
        if (same_key(e, key)) {
            int lo = e->lo + won, hi = e->hi + won;
            if (lo >= beta)
                return lo;
            if (hi <= alpha)
                return hi;
            if (lo > alpha)
                alpha = lo;
            if (hi < beta)
                beta = hi;
            if (alpha >= beta)
                return lo;
            if (e->move != 0xFF) {
                uint32_t live = 0;
                for (int i = 0; i < S->na; i++)
                    live |= S->hands[i];
                tt_card = card_at(live, e->move >> 3, e->move & 7);
            }
        }
    }
    if (in_trick == 0 && S->quick) {
        /* sure tricks of each side: the quick tricks of the side on lead, and top trumps (a trump above
           all the other side's trumps wins the trick it falls in: each of the declarer's is his, and the
           defence has at least those of one defender, since two defenders' may fall in one trick) */
        int qt = quick_tricks(S, seat);
        int mine = S->maxside[seat] ? qt : 0, theirs = S->maxside[seat] ? 0 : qt;
        if (S->trump != NT && S->decl >= 0) {
            uint32_t tm = suit_mask(S->trump);
            uint32_t d = S->hands[S->decl] & tm, o = 0;
            for (int i = 0; i < S->na; i++)
                if (i != S->decl)
                    o |= S->hands[i] & tm;
            int top = count_cards(o ? d & above(high_card(o)) : d);
            if (top > mine)
                mine = top;
            for (int i = 0; i < S->na; i++) {
                uint32_t t = S->hands[i] & tm;
                if (i != S->decl && t) {
                    top = count_cards(d ? t & above(high_card(d)) : t);
                    if (top > theirs)
                        theirs = top;
                }
            }
        }
        if (won + mine >= beta)
            return won + mine;
        if (won + (10 - done) - theirs <= alpha)
            return won + (10 - done) - theirs;
    }
    uint32_t hand = S->hands[seat];
    uint32_t legal = legal_of(S, hand, led, bc, bt);
    int moves[16];
    int nm = gen_moves(S, seat, legal, led, bc, bh, bt, tc, in_trick, moves, tt_card);
    int maxing = S->maxside[seat];
    int best = maxing ? -1 : 99;
    int best_card = -1;
    int a = alpha, b = beta;
    int trump = S->trump;
    int last = in_trick + 1 == S->na;
    for (int i = 0; i < nm; i++) {
        int card = moves[i];
        uint32_t bit = 1u << card;
        int suit = SUIT(card);
        int n_led, n_best, n_hand, n_trump;
        if (led < 0) {
            n_led = suit;
            n_best = card;
            n_hand = seat;
            n_trump = suit == trump;
        } else {
            n_led = led;
            n_best = bc;
            n_hand = bh;
            n_trump = bt;
            if (suit == trump && trump != NT) {
                if (!bt || card > bc) {
                    n_best = card;
                    n_hand = seat;
                    n_trump = 1;
                }
            } else if (suit == led && !bt && card > bc) {
                n_best = card;
                n_hand = seat;
            }
        }
        S->hands[seat] = hand ^ bit;
        int v;
        if (last) {
            int n_won = won + S->is_decl[n_hand];
            int n_sw = sw + S->is_stop[n_hand];
            int n_done = done + 1;
            if (stopped(S, n_done, n_sw))
                v = n_won;
            else
                v = search(S, n_hand, -1, -1, -1, 0, 0, 0, n_done, n_won, n_sw, a, b);
        } else {
            v = search(S, S->nxt[seat], n_led, n_best, n_hand, n_trump, in_trick + 1, tc | bit, done, won, sw,
                       a, b);
        }
        S->hands[seat] = hand;
        if (maxing) {
            if (v > best) {
                best = v;
                best_card = card;
                if (v > a) {
                    a = v;
                    if (a >= b)
                        break;
                }
            }
        } else {
            if (v < best) {
                best = v;
                best_card = card;
                if (v < b) {
                    b = v;
                    if (a >= b)
                        break;
                }
            }
        }
    }
    if (e != NULL && nm > 0) {
        int lo = 0, hi = 10;
        if (same_key(e, key)) {
            lo = e->lo;
            hi = e->hi;
        } else {
            e->h[0] = key[0];
            e->h[1] = key[1];
            e->h[2] = key[2];
            e->meta = key[3];
            e->move = 0xFF;
        }
        int rel = best - won;
        if (best <= alpha) {
            if (rel < hi)
                hi = rel;
        } else if (best >= beta) {
            if (rel > lo)
                lo = rel;
        } else {
            lo = hi = rel;
        }
        e->lo = (int8_t)lo;
        e->hi = (int8_t)hi;
        if (best_card >= 0) {
            uint32_t live = hand;
            for (int i = 0; i < S->na; i++)
                live |= S->hands[i];
            int s = SUIT(best_card);
            int place = count_cards(live & suit_mask(s) & ((1u << best_card) - 1u));
            e->move = (uint8_t)(s << 3 | place);
        }
    }
    return best;
}

/* ------------------------------------------------------------------ Python glue */

static int get_int(PyObject *obj, const char *name, long long *out, int none_value)
{
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (v == NULL)
        return -1;
    if (v == Py_None) {
        *out = none_value;
    } else {
        *out = PyLong_AsLongLong(v);
        if (*out == -1 && PyErr_Occurred()) {
            Py_DECREF(v);
            return -1;
        }
    }
    Py_DECREF(v);
    return 0;
}

static int get_bool(PyObject *obj, const char *name, int *out, int none_value)
{
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (v == NULL)
        return -1;
    if (v == Py_None)
        *out = none_value;
    else {
        int t = PyObject_IsTrue(v);
        if (t < 0) {
            Py_DECREF(v);
            return -1;
        }
        *out = t;
    }
    Py_DECREF(v);
    return 0;
}

/* a sequence of small ints into out[0..cap); returns its length or -1 */
static Py_ssize_t get_ints(PyObject *obj, const char *name, long long *out, Py_ssize_t cap)
{
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (v == NULL)
        return -1;
    PyObject *seq = PySequence_Fast(v, "expected a sequence");
    Py_DECREF(v);
    if (seq == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n && i < cap; i++) {
        out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return n;
}

static void Search_dealloc(Search *self)
{
    free(self->tt);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Search_init(Search *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"play", "declarer", "maximise", NULL};
    PyObject *play;
    int declarer, maximise = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Oi|p", kwlist, &play, &declarer, &maximise))
        return -1;
    PyObject *rules = PyObject_GetAttrString(play, "rules");
    if (rules == NULL)
        return -1;
    long long order[16], nxt[16], n_seats, trump, stop_seat, stop_mine, stop_def;
    int must_follow, must_trump, must_beat, must_overtrump;
    Py_ssize_t na = get_ints(play, "order", order, 16);
    Py_ssize_t nn = get_ints(play, "next_hand", nxt, 16);
    int bad = na < 0 || nn < 0 || get_int(play, "n_seats", &n_seats, 0) || get_int(rules, "trump", &trump, NT) ||
              get_int(rules, "declarer", &stop_seat, -1) || get_int(rules, "stop_declarer_at", &stop_mine, -1) ||
              get_int(rules, "stop_defence_at", &stop_def, -1) || get_bool(rules, "must_follow", &must_follow, 0) ||
              get_bool(rules, "must_trump", &must_trump, 0) || get_bool(rules, "must_beat", &must_beat, 0) ||
              get_bool(rules, "must_overtrump", &must_overtrump, -1);
    Py_DECREF(rules);
    if (bad)
        return -1;
    self->supported = na >= 2 && na <= 3 && n_seats >= 1 && n_seats <= 16 && nn == n_seats && declarer >= 0 &&
                      declarer < n_seats && trump >= NT && trump <= 3;
    if (!self->supported)
        return 0; /* value() answers None: the Python search takes it */
    self->na = (int)na;
    self->n_seats = (int)n_seats;
    self->declarer = declarer;
    self->maximise = maximise;
    self->trump = (int)trump;
    self->must_follow = must_follow;
    self->must_trump = must_trump && trump != NT;
    self->must_beat = must_beat;
    self->must_overtrump = must_overtrump < 0 ? must_beat : must_overtrump;
    self->stop_seat = (int)stop_seat;
    self->stop_mine = stop_seat >= 0 ? (int)stop_mine : -1;
    self->stop_def = stop_seat >= 0 ? (int)stop_def : -1;
    self->stops = self->stop_mine >= 0 || self->stop_def >= 0;
    self->quick = maximise && !self->stops;
    for (int s = 0; s < 16; s++)
        self->idx_of[s] = -1;
    for (int i = 0; i < na; i++) {
        if (order[i] < 0 || order[i] >= n_seats) {
            self->supported = 0;
            return 0;
        }
        self->seat_of[i] = (int)order[i];
        self->idx_of[order[i]] = i;
    }
    self->decl = declarer < 16 ? self->idx_of[declarer] : -1;
    for (int i = 0; i < na; i++) {
        int seat = self->seat_of[i];
        long long n = nxt[seat];
        if (n < 0 || n >= n_seats || self->idx_of[n] < 0) {
            self->supported = 0;
            return 0;
        }
        self->nxt[i] = self->idx_of[n];
        self->maxside[i] = (seat == declarer) == maximise;
        self->is_decl[i] = seat == declarer;
        self->is_stop[i] = seat == stop_seat;
    }
    free(self->tt); /* __init__ called again: a new search */
    self->tt = NULL;
    self->tt_bits = 0;
    return 0;
}

/* A table sized for the tricks left (a 3-trick ending needs a few hundred entries, a whole deal ~10^5):
   small solves, which the bots make by the thousand, do not pay for clearing megabytes. A larger position
   than the table was made for gets a new, larger table (the entries are only a cache). */
static int ensure_table(Search *self, int rem)
{
    static const int bits_for[11] = {8, 8, 8, 9, 10, 12, 13, 14, 15, 16, 17};
    int bits = bits_for[rem < 0 ? 0 : rem > 10 ? 10 : rem];
    if (self->tt != NULL && self->tt_bits >= bits)
        return 0;
    free(self->tt);
    self->tt = calloc((size_t)1 << bits, sizeof(Entry));
    if (self->tt == NULL) {
        self->tt_bits = 0;
        PyErr_NoMemory();
        return -1;
    }
    self->tt_bits = bits;
    self->tt_mask = ((uint32_t)1 << bits) - 1;
    return 0;
}

static PyObject *Search_value(Search *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"play", "alpha", "beta", NULL};
    PyObject *play, *alpha_obj = Py_None, *beta_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OO", kwlist, &play, &alpha_obj, &beta_obj))
        return NULL;
    int windowed = alpha_obj != Py_None && beta_obj != Py_None;
    long long alpha = 0, beta = 0;
    if (windowed) {
        alpha = PyLong_AsLongLong(alpha_obj);
        beta = PyLong_AsLongLong(beta_obj);
        if (PyErr_Occurred())
            return NULL;
        /* the search keeps values in 0..10 (99 and -1 as sentinels): clamp a wider window */
        if (alpha < -1)
            alpha = -1;
        if (beta > 11)
            beta = 11;
        if (alpha >= beta)
            Py_RETURN_NONE;
    }
    int finished;
    long long hands[16], won_by[16], done, to_play, led, bc, bh, talon_leads;
    int bt;
    if (!self->supported)
        Py_RETURN_NONE;
    if (get_bool(play, "finished", &finished, 0))
        return NULL;
    Py_ssize_t nh = get_ints(play, "hands", hands, 16);
    Py_ssize_t nw = get_ints(play, "tricks_won", won_by, 16);
    if (nh < 0 || nw < 0)
        return NULL;
    if (nh != self->n_seats || nw != self->n_seats)
        Py_RETURN_NONE;
    if (finished)
        return PyLong_FromLong(won_by[self->declarer]);
    if (get_int(play, "tricks_done", &done, 0) || get_int(play, "to_play", &to_play, 0) ||
        get_int(play, "led_suit", &led, -1) || get_int(play, "best_card", &bc, -1) ||
        get_int(play, "best_hand", &bh, -1) || get_bool(play, "best_is_trump", &bt, 0))
        return NULL;
    {
        PyObject *rules = PyObject_GetAttrString(play, "rules");
        if (rules == NULL)
            return NULL;
        int err = get_int(rules, "talon_leads", &talon_leads, 0);
        Py_DECREF(rules);
        if (err)
            return NULL;
        PyObject *talon = PyObject_GetAttrString(play, "talon_cards");
        if (talon == NULL)
            return NULL;
        Py_ssize_t nt = PyObject_Length(talon);
        Py_DECREF(talon);
        if (nt < 0)
            return NULL;
        if (done < talon_leads && done < nt)
            Py_RETURN_NONE; /* a talon-led trick: Python's */
    }
    PyObject *trick = PyObject_GetAttrString(play, "trick");
    if (trick == NULL)
        return NULL;
    PyObject *seq = PySequence_Fast(trick, "trick must be a sequence");
    Py_DECREF(trick);
    if (seq == NULL)
        return NULL;
    Py_ssize_t in_trick = PySequence_Fast_GET_SIZE(seq);
    uint32_t tc = 0;
    int played[3] = {0, 0, 0};
    int ok = in_trick < self->na;
    for (Py_ssize_t i = 0; ok && i < in_trick; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            ok = 0;
            break;
        }
        long long who = PyLong_AsLongLong(PyTuple_GET_ITEM(pair, 0));
        long long card = PyLong_AsLongLong(PyTuple_GET_ITEM(pair, 1));
        if (PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (who < 0 || who >= self->n_seats || self->idx_of[who] < 0 || card < 0 || card > 31) {
            ok = 0;
            break;
        }
        played[self->idx_of[who]] = 1;
        tc |= 1u << card;
    }
    Py_DECREF(seq);
    /* the hands must hold exactly the cards of the tricks left (else the Python search decides) */
    if (ok && (to_play < 0 || to_play >= self->n_seats || self->idx_of[to_play] < 0 || done < 0 || done >= 10))
        ok = 0;
    if (ok && in_trick > 0 && (bh < 0 || bh >= self->n_seats || self->idx_of[bh] < 0 || led < 0 || led > 3 ||
                               bc < 0 || bc > 31))
        ok = 0;
    if (ok && in_trick == 0 && led >= 0)
        ok = 0;
    for (int i = 0; ok && i < self->na; i++) {
        long long h = hands[self->seat_of[i]];
        if (h < 0 || h > 0xFFFFFFFFLL || count_cards((uint32_t)h) != 10 - done - played[i])
            ok = 0;
        else
            self->hands[i] = (uint32_t)h;
    }
    if (!ok)
        Py_RETURN_NONE;
    if (ensure_table(self, 10 - (int)done) < 0)
        return NULL;
    int seat = self->idx_of[to_play];
    int bhi = in_trick > 0 ? self->idx_of[bh] : -1;
    int won = (int)won_by[self->declarer];
    int sw = self->stop_seat >= 0 && self->stop_seat < self->n_seats ? (int)won_by[self->stop_seat] : 0;
    if (windowed)
        return PyLong_FromLong(search(self, seat, (int)led, (int)bc, bhi, bt, (int)in_trick, tc, (int)done, won, sw,
                                      (int)alpha, (int)beta));
    int lo = won, hi = won + 10 - (int)done;
    while (lo < hi) {
        int v = (lo + hi + 1) / 2;
        int g = search(self, seat, (int)led, (int)bc, bhi, bt, (int)in_trick, tc, (int)done, won, sw, v - 1, v);
        if (g >= v)
            lo = g <= hi ? (g > v ? g : v) : hi;
        else
            hi = g >= lo ? (g < v - 1 ? g : v - 1) : lo;
    }
    return PyLong_FromLong(lo);
}

static PyObject *Search_get_nodes(Search *self, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
}

static PyMethodDef Search_methods[] = {
    {"value", (PyCFunction)(void (*)(void))Search_value, METH_VARARGS | METH_KEYWORDS,
     "value(play, alpha=None, beta=None) -> int | None: the declarer's final tricks under best play from play;\n"
     "with alpha < beta, one fail-soft test on that window (the value inside it, else a bound beyond the side\n"
     "it fell out of). None: a position not taken here (a talon-led trick, hands that do not match the tricks\n"
     "left): search it in Python."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "positions searched so far", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "preferans.core._dds.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(play, declarer, maximise=True): the compiled double-dummy search for one side and goal.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

/* ------------------------------------------------------------------ max-n for raspasovka (core/ai/all_pass.py)
 *
 * maxn(problem) is the pure-Python _MaxN of core/ai/all_pass.py step by step: each hand plays for its
 * controller's own result (a vector of results, one per seat, read from the variant's table of costs), the
 * first card in the move order keeping a tie, a table at trick starts keyed by the hands in play, the
 * leader, the tricks done and the holders' tricks won, the horizon's estimate in integers. Same values and
 * the same node counts as the Python search (tests/ai/test_raspasovka_search.py). */

#define MX_SEATS 4

typedef struct {
    uint32_t h[3];
    uint32_t meta; /* 0 = empty */
    int64_t v[MX_SEATS];
} MEntry;

typedef struct {
    int n_seats, n_order, n_holders, n_talon;
    int order[MX_SEATS], next_hand[MX_SEATS], chooser[MX_SEATS], holders[MX_SEATS];
    int trump, must_follow, must_trump, must_beat, must_overtrump;
    int talon[10];
    int talon_leads, talon_contends, talon_owner, after_talon, horizon;
    int64_t *table;
    Py_ssize_t table_len;
    uint32_t hands[MX_SEATS];
    int won[MX_SEATS];
    long long nodes;
    MEntry *tt;
    size_t cap, used;
    int failed; /* out of memory */
} MaxN;

static uint32_t mx_above(int c) { return suit_mask(SUIT(c)) & ~((2u << c) - 1u); }
static uint32_t mx_below(int c) { return suit_mask(SUIT(c)) & ((1u << c) - 1u); }

static void mx_leaf(const MaxN *M, int64_t *out)
{
    long long i = 0;
    for (int k = 0; k < M->n_holders; k++)
        i = i * 11 + M->won[M->holders[k]];
    Py_ssize_t base = (Py_ssize_t)i * M->n_seats;
    for (int s = 0; s < M->n_seats; s++)
        out[s] = (base + s < M->table_len) ? M->table[base + s] : 0;
}

static void mx_estimate(const MaxN *M, int done, int *share)
{
    int rem = 10 - done, n = M->n_order;
    long long w[MX_SEATS], total = 0;
    for (int i = 0; i < n; i++) {
        int h = M->order[i];
        uint32_t others = 0;
        for (int j = 0; j < n; j++)
            if (M->order[j] != h)
                others |= M->hands[M->order[j]];
        long long x = 0;
        uint32_t m = M->hands[h];
        while (m) {
            int c = low_card(m);
            m &= m - 1;
            x += count_cards(others & mx_below(c));
        }
        w[i] = x;
        total += x;
    }
    if (total == 0) {
        for (int i = 0; i < n; i++)
            w[i] = 1;
        total = n;
    }
    int left = rem;
    long long frac[MX_SEATS];
    int taken[MX_SEATS];
    for (int i = 0; i < n; i++) {
        share[i] = (int)(rem * w[i] / total);
        frac[i] = rem * w[i] % total;
        left -= share[i];
        taken[i] = 0;
    }
    /* largest remainders, ties to the earlier hand */
    for (; left > 0; left--) {
        int best = -1;
        for (int i = 0; i < n; i++)
            if (!taken[i] && (best < 0 || frac[i] > frac[best]))
                best = i;
        taken[best] = 1;
        share[best]++;
    }
}

static uint32_t mx_legal(const MaxN *M, int seat, int led, int bc, int bt)
{
    uint32_t hand = M->hands[seat];
    if (led < 0)
        return hand;
    uint32_t follow = M->must_follow ? hand & suit_mask(led) : 0;
    if (follow) {
        if (M->must_beat && bc >= 0 && (!bt || SUIT(bc) == led)) {
            uint32_t higher = follow & mx_above(bc);
            if (higher)
                return higher;
        }
        return follow;
    }
    if (M->must_trump) {
        uint32_t trumps = hand & suit_mask(M->trump);
        if (trumps) {
            if (M->must_overtrump && bt) {
                uint32_t higher = trumps & mx_above(bc);
                if (higher)
                    return higher;
            }
            return trumps;
        }
    }
    return hand;
}

static int mx_moves(const MaxN *M, int seat, uint32_t legal, uint32_t table_cards, int *out)
{
    uint32_t live = table_cards;
    for (int i = 0; i < M->n_order; i++)
        live |= M->hands[M->order[i]];
    uint32_t hand = M->hands[seat];
    int n = 0;
    while (legal) {
        int c = low_card(legal);
        legal &= legal - 1;
        uint32_t up = live & mx_above(c);
        if (up && ((up & (~up + 1u)) & hand))
            continue;
        out[n++] = c;
    }
    return n;
}

static void mx_node(MaxN *M, int seat, int led, int bc, int bh, int bt, int n_in, int full, uint32_t tc, int done,
                    int64_t *out);

static int mx_grow(MaxN *M)
{
    size_t cap = M->cap ? M->cap * 2 : 4096;
    MEntry *t = calloc(cap, sizeof(MEntry));
    if (t == NULL)
        return -1;
    for (size_t i = 0; i < M->cap; i++) {
        MEntry *e = &M->tt[i];
        if (!e->meta)
            continue;
        uint64_t x = mix(((uint64_t)e->h[0] << 32 | e->h[1]) ^ mix((uint64_t)e->h[2] << 32 | e->meta));
        size_t j = (size_t)x & (cap - 1);
        while (t[j].meta)
            j = (j + 1) & (cap - 1);
        t[j] = *e;
    }
    free(M->tt);
    M->tt = t;
    M->cap = cap;
    return 0;
}

static MEntry *mx_find(MaxN *M, const uint32_t *h, uint32_t meta, int *found)
{
    uint64_t x = mix(((uint64_t)h[0] << 32 | h[1]) ^ mix((uint64_t)h[2] << 32 | meta));
    size_t j = (size_t)x & (M->cap - 1);
    while (M->tt[j].meta) {
        MEntry *e = &M->tt[j];
        if (e->meta == meta && e->h[0] == h[0] && e->h[1] == h[1] && e->h[2] == h[2]) {
            *found = 1;
            return e;
        }
        j = (j + 1) & (M->cap - 1);
    }
    *found = 0;
    return &M->tt[j];
}

static void mx_start(MaxN *M, int leader, int done, int64_t *out)
{
    if (done >= 10) {
        mx_leaf(M, out);
        return;
    }
    if (done >= M->horizon) {
        int share[MX_SEATS];
        mx_estimate(M, done, share);
        for (int i = 0; i < M->n_order; i++)
            M->won[M->order[i]] += share[i];
        mx_leaf(M, out);
        for (int i = 0; i < M->n_order; i++)
            M->won[M->order[i]] -= share[i];
        return;
    }
    uint32_t h[3] = {0, 0, 0};
    for (int i = 0; i < M->n_order && i < 3; i++)
        h[i] = M->hands[M->order[i]];
    uint32_t meta = 1u | (uint32_t)leader << 1 | (uint32_t)done << 4;
    for (int k = 0; k < M->n_holders; k++)
        meta |= (uint32_t)M->won[M->holders[k]] << (8 + 4 * k);
    if (M->used * 2 >= M->cap && mx_grow(M) < 0) {
        M->failed = 1;
        for (int s = 0; s < M->n_seats; s++)
            out[s] = 0;
        return;
    }
    int found;
    MEntry *e = mx_find(M, h, meta, &found);
    if (found) {
        memcpy(out, e->v, sizeof(e->v));
        return;
    }
    int64_t v[MX_SEATS] = {0, 0, 0, 0};
    int full = M->n_order;
    if (done < M->talon_leads && done < M->n_talon) {
        int card = M->talon[done];
        full++;
        if (M->talon_contends)
            mx_node(M, M->after_talon, SUIT(card), card, M->talon_owner, 0, 1, full, 1u << card, done, v);
        else
            mx_node(M, M->after_talon, SUIT(card), -1, -1, 0, 1, full, 1u << card, done, v);
    } else {
        mx_node(M, leader, -1, -1, -1, 0, 0, full, 0, done, v);
    }
    if (M->failed)
        return;
    /* the table may have grown during the search: find the slot again */
    e = mx_find(M, h, meta, &found);
    e->h[0] = h[0];
    e->h[1] = h[1];
    e->h[2] = h[2];
    e->meta = meta;
    memcpy(e->v, v, sizeof(v));
    M->used++;
    memcpy(out, v, sizeof(v));
}

static void mx_after(MaxN *M, int seat, int card, int led, int bc, int bh, int bt, int n_in, int full, uint32_t tc,
                     int done, int64_t *out)
{
    M->hands[seat] ^= 1u << card;
    int suit = SUIT(card);
    if (led < 0) {
        led = suit;
        bc = card;
        bh = seat;
        bt = suit == M->trump;
    } else if (suit == M->trump) {
        if (!bt || card > bc) {
            bc = card;
            bh = seat;
            bt = 1;
        }
    } else if (suit == led && !bt && card > bc) {
        bc = card;
        bh = seat;
    }
    if (n_in + 1 < full) {
        mx_node(M, M->next_hand[seat], led, bc, bh, bt, n_in + 1, full, tc | 1u << card, done, out);
        return;
    }
    int talon_led = done < M->talon_leads && done < M->n_talon;
    if (bh >= 0)
        M->won[bh]++;
    mx_start(M, talon_led ? M->after_talon : bh, done + 1, out);
    if (bh >= 0)
        M->won[bh]--;
}

static void mx_node(MaxN *M, int seat, int led, int bc, int bh, int bt, int n_in, int full, uint32_t tc, int done,
                    int64_t *out)
{
    M->nodes++;
    int chooser = M->chooser[seat];
    uint32_t hand = M->hands[seat];
    int moves[32]; /* a hand holds at most the 32 cards */
    int n = mx_moves(M, seat, mx_legal(M, seat, led, bc, bt), tc, moves);
    int have = 0;
    int64_t v[MX_SEATS];
    for (int i = 0; i < n; i++) {
        mx_after(M, seat, moves[i], led, bc, bh, bt, n_in, full, tc, done, v);
        M->hands[seat] = hand;
        if (M->failed)
            return;
        if (!have || v[chooser] > out[chooser]) {
            memcpy(out, v, sizeof(v));
            have = 1;
        }
    }
}

static int mx_attr_ints(PyObject *obj, const char *name, int *out, int cap, int *n)
{
    long long buf[64];
    Py_ssize_t k = get_ints(obj, name, buf, 64);
    if (k < 0)
        return -1;
    if (k > cap) {
        PyErr_Format(PyExc_ValueError, "maxn: %s has %zd entries, at most %d", name, k, cap);
        return -1;
    }
    for (Py_ssize_t i = 0; i < k; i++)
        out[i] = (int)buf[i];
    *n = (int)k;
    return 0;
}

static PyObject *py_maxn(PyObject *self, PyObject *p)
{
    (void)self;
    MaxN M;
    memset(&M, 0, sizeof(M));
    int n, tmp[MX_SEATS];
    long long x;
    PyObject *result = NULL, *table = NULL, *seq = NULL, *trick = NULL, *tseq = NULL;
    long long hands[MX_SEATS];
    Py_ssize_t nh = get_ints(p, "hands", hands, MX_SEATS + 1);
    if (nh < 0)
        return NULL;
    if (nh > MX_SEATS)
        return PyErr_Format(PyExc_ValueError, "maxn: at most %d hands", MX_SEATS);
    M.n_seats = (int)nh;
    for (int i = 0; i < M.n_seats; i++)
        M.hands[i] = (uint32_t)hands[i];
    if (mx_attr_ints(p, "order", M.order, 3, &M.n_order) < 0 || mx_attr_ints(p, "next_hand", M.next_hand, MX_SEATS, &n) < 0
        || mx_attr_ints(p, "chooser", M.chooser, MX_SEATS, &n) < 0
        || mx_attr_ints(p, "holders", M.holders, MX_SEATS, &M.n_holders) < 0
        || mx_attr_ints(p, "talon_cards", M.talon, 10, &M.n_talon) < 0 || mx_attr_ints(p, "won", tmp, MX_SEATS, &n) < 0)
        return NULL;
    for (int i = 0; i < n; i++)
        M.won[i] = tmp[i];
    int led, bc, bh, bt, full, done, to_play;
    if (get_int(p, "trump", &x, NT) < 0) return NULL;
    M.trump = (int)x;
    if (get_bool(p, "must_follow", &M.must_follow, 0) < 0 || get_bool(p, "must_trump", &M.must_trump, 0) < 0
        || get_bool(p, "must_beat", &M.must_beat, 0) < 0 || get_bool(p, "must_overtrump", &M.must_overtrump, 0) < 0
        || get_bool(p, "talon_contends", &M.talon_contends, 0) < 0 || get_bool(p, "best_trump", &bt, 0) < 0)
        return NULL;
    if (get_int(p, "talon_leads", &x, 0) < 0) return NULL;
    M.talon_leads = (int)x;
    if (get_int(p, "talon_owner", &x, -1) < 0) return NULL;
    M.talon_owner = (int)x;
    if (get_int(p, "after_talon", &x, 0) < 0) return NULL;
    M.after_talon = (int)x;
    if (get_int(p, "horizon", &x, 10) < 0) return NULL;
    M.horizon = (int)x;
    if (get_int(p, "to_play", &x, 0) < 0) return NULL;
    to_play = (int)x;
    if (get_int(p, "led", &x, -1) < 0) return NULL;
    led = (int)x;
    if (get_int(p, "best_card", &x, -1) < 0) return NULL;
    bc = (int)x;
    if (get_int(p, "best_hand", &x, -1) < 0) return NULL;
    bh = (int)x;
    if (get_int(p, "trick_full", &x, 0) < 0) return NULL;
    full = (int)x;
    if (get_int(p, "done", &x, 0) < 0) return NULL;
    done = (int)x;
    table = PyObject_GetAttrString(p, "table");
    if (table == NULL)
        return NULL;
    seq = PySequence_Fast(table, "maxn: table must be a sequence");
    Py_DECREF(table);
    if (seq == NULL)
        return NULL;
    M.table_len = PySequence_Fast_GET_SIZE(seq);
    M.table = malloc(sizeof(int64_t) * (size_t)(M.table_len ? M.table_len : 1));
    if (M.table == NULL) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < M.table_len; i++) {
        M.table[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (M.table[i] == -1 && PyErr_Occurred())
            goto done;
    }
    trick = PyObject_GetAttrString(p, "trick");
    if (trick == NULL)
        goto done;
    tseq = PySequence_Fast(trick, "maxn: trick must be a sequence");
    if (tseq == NULL)
        goto done;
    uint32_t tc = 0;
    Py_ssize_t n_in = PySequence_Fast_GET_SIZE(tseq);
    for (Py_ssize_t i = 0; i < n_in; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(tseq, i);
        PyObject *c = PySequence_GetItem(pair, 1);
        if (c == NULL)
            goto done;
        long cv = PyLong_AsLong(c);
        Py_DECREF(c);
        if (cv == -1 && PyErr_Occurred())
            goto done;
        if (cv < 0 || cv > 31) {
            PyErr_SetString(PyExc_ValueError, "maxn: a card of the trick is not 0..31");
            goto done;
        }
        tc |= 1u << cv;
    }
    int bad = M.n_seats < 1 || to_play < 0 || to_play >= M.n_seats || M.n_order < 1 || M.n_holders > 4
              || M.after_talon < 0 || M.after_talon >= M.n_seats || M.talon_owner >= M.n_seats;
    for (int i = 0; i < M.n_order; i++)
        bad |= M.order[i] < 0 || M.order[i] >= M.n_seats || M.next_hand[M.order[i]] < 0
               || M.next_hand[M.order[i]] >= M.n_seats;
    for (int i = 0; i < M.n_seats; i++)
        bad |= M.chooser[i] < 0 || M.chooser[i] >= M.n_seats;
    for (int k = 0; k < M.n_holders; k++)
        bad |= M.holders[k] < 0 || M.holders[k] >= M.n_seats;
    for (int i = 0; i < M.n_talon; i++)
        bad |= M.talon[i] < 0 || M.talon[i] > 31;
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "maxn: a malformed problem");
        goto done;
    }
    if (mx_grow(&M) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    M.nodes++;
    int moves[32]; /* a hand holds at most the 32 cards */
    uint32_t hand = M.hands[to_play];
    int nm = mx_moves(&M, to_play, mx_legal(&M, to_play, led, bc, bt), tc, moves);
    result = PyList_New(0);
    if (result == NULL)
        goto done;
    for (int i = 0; i < nm; i++) {
        int64_t v[MX_SEATS] = {0, 0, 0, 0};
        mx_after(&M, to_play, moves[i], led, bc, bh, bt, (int)n_in, full, tc, done, v);
        M.hands[to_play] = hand;
        if (M.failed) {
            Py_CLEAR(result);
            PyErr_NoMemory();
            goto done;
        }
        PyObject *vec = PyTuple_New(M.n_seats);
        if (vec == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        for (int s = 0; s < M.n_seats; s++)
            PyTuple_SET_ITEM(vec, s, PyLong_FromLongLong(v[s]));
        PyObject *item = Py_BuildValue("(iN)", moves[i], vec);
        if (item == NULL || PyList_Append(result, item) < 0) {
            Py_XDECREF(item);
            Py_CLEAR(result);
            goto done;
        }
        Py_DECREF(item);
    }
done:
    Py_XDECREF(tseq);
    Py_XDECREF(trick);
    Py_DECREF(seq);
    free(M.table);
    free(M.tt);
    if (result == NULL)
        return NULL;
    return Py_BuildValue("(NL)", result, M.nodes);
}

static PyMethodDef module_methods[] = {
    {"maxn", (PyCFunction)py_maxn, METH_O,
     "maxn(problem) -> (list of (card, values), nodes): the max-n search of a raspasovka position\n"
     "(core/ai/all_pass.py Problem); the same values and node counts as its pure-Python search."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef dds_module = {
    PyModuleDef_HEAD_INIT, "_dds", "Compiled double-dummy search (the optional accelerator of core/solver.py).",
    -1, module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dds(void)
{
    for (unsigned l = 0; l < 256; l++)
        for (unsigned h = 0; h < 256; h++) {
            unsigned out = 0, k = 0;
            for (unsigned r = 0; r < 8; r++)
                if (l >> r & 1) {
                    if (h >> r & 1)
                        out |= 1u << k;
                    k++;
                }
            PEXT[l][h] = (uint8_t)out;
        }
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&dds_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
