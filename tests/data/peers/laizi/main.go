// Recorder of fattigerlee/poker's 癞子斗地主 answers for tests/peers/test_doudizhu_laizi_fattigerlee.py.
// Not part of paixing: it is built against a checkout of the peer (see README.md here).
// Usage: go run . SEED > ../../laizi_peer.json
package main

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"

	"github.com/fattigerlee/poker/ddz"
)

var names = map[int]string{11: "J", 12: "Q", 13: "K", 14: "A", 15: "2", 16: "BJ", 17: "RJ"}

func rankName(n int) string {
	if s, ok := names[n]; ok {
		return s
	}
	return strconv.Itoa(n)
}

func deck() []*ddz.Card {
	var d []*ddz.Card
	for n := 3; n <= 15; n++ {
		for s := ddz.SuitTypeHeart; s <= ddz.SuitTypeClub; s++ {
			d = append(d, ddz.NewCard(s, ddz.NumType(n)))
		}
	}
	return append(d, ddz.NewCard(ddz.SuitTypeJoker, 16), ddz.NewCard(ddz.SuitTypeJoker, 17))
}

func names_(cards []*ddz.Card) []string {
	var ns []int
	for _, c := range cards {
		ns = append(ns, int(c.Num))
	}
	sort.Ints(ns)
	out := []string{}
	for _, n := range ns {
		out = append(out, rankName(n))
	}
	return out
}

type Reading struct {
	Type string `json:"type"`
	Min  int    `json:"min"`
	Max  int    `json:"max"`
}

func readings(infos []*ddz.CardTypeInfo) []Reading {
	out := []Reading{}
	for _, i := range infos {
		out = append(out, Reading{i.CardType.String(), i.MinValue, i.MaxValue})
	}
	return out
}

// hand draws n cards; half the time from a window of five ranks (and the jokers), so that
// chains, trios and bombs are common.
func hand(r *rand.Rand, n int) []*ddz.Card {
	d := deck()
	if r.Intn(2) == 0 {
		lo := 3 + r.Intn(9)
		var w []*ddz.Card
		for _, c := range d {
			if (int(c.Num) >= lo && int(c.Num) < lo+5) || c.Num >= 16 {
				w = append(w, c)
			}
		}
		d = w
	}
	r.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	if n > len(d) {
		n = len(d)
	}
	return d[:n]
}

func wilds(cards []*ddz.Card, w int) int {
	k := 0
	for _, c := range cards {
		if int(c.Num) == w {
			k++
		}
	}
	return k
}

func stratum(k int) int {
	if k > 2 {
		return 2
	}
	return k
}

// subsets lists every sub-multiset of the hand (one card set per multiset of ranks).
func subsets(h []*ddz.Card) [][]*ddz.Card {
	by := map[int][]*ddz.Card{}
	var ranks []int
	for _, c := range h {
		if _, ok := by[int(c.Num)]; !ok {
			ranks = append(ranks, int(c.Num))
		}
		by[int(c.Num)] = append(by[int(c.Num)], c)
	}
	sort.Ints(ranks)
	out := [][]*ddz.Card{{}}
	for _, n := range ranks {
		var next [][]*ddz.Card
		for _, s := range out {
			for k := 0; k <= len(by[n]); k++ {
				t := append(append([]*ddz.Card{}, s...), by[n][:k]...)
				next = append(next, t)
			}
		}
		out = next
	}
	return out[1:]
}

type Lead struct {
	Cards    []string  `json:"cards"`
	Readings []Reading `json:"readings"`
}

type LeadCase struct {
	ID    string   `json:"id"`
	Wild  string   `json:"wild"`
	Hand  []string `json:"hand"`
	Wilds int      `json:"wilds_in_hand"`
	Leads []Lead   `json:"leads"`
}

type BeatCase struct {
	ID       string   `json:"id"`
	Wild     string   `json:"wild"`
	Last     []string `json:"last"`
	LastRead Reading  `json:"last_reading"`
	Play     []string `json:"play"`
	Wilds    int      `json:"wilds_in_both"`
	Beats    bool     `json:"peer_beats"`
	Found    []string `json:"peer_found"`
	FoundAs  *Reading `json:"peer_found_as"`
}

func leadCases(r *rand.Rand, count int) []LeadCase {
	var out []LeadCase
	var filled [3]int
	for len(out) < count {
		w := 3 + r.Intn(13)
		h := hand(r, 5+r.Intn(5))
		k := wilds(h, w)
		if filled[stratum(k)] >= (count+2)/3 {
			continue
		}
		filled[stratum(k)]++
		c := LeadCase{ID: fmt.Sprintf("lead%03d", len(out)), Wild: rankName(w), Hand: names_(h), Wilds: k, Leads: []Lead{}}
		for _, s := range subsets(h) {
			if infos := cardType(s, w); len(infos) > 0 {
				c.Leads = append(c.Leads, Lead{names_(s), readings(infos)})
			}
		}
		out = append(out, c)
	}
	return out
}

type typed struct {
	cards []*ddz.Card
	info  *ddz.CardTypeInfo
}

func plays(h []*ddz.Card, w int) []typed {
	var out []typed
	for _, s := range subsets(h) {
		for _, i := range cardType(s, w) {
			out = append(out, typed{s, i})
		}
	}
	return out
}

// cardType is ddz.GetCardType, with a panic of the peer (it indexes out of range on some
// ten-card sets with several trios) counted and read as "no type".
var panics int

func cardType(cards []*ddz.Card, w int) (infos []*ddz.CardTypeInfo) {
	defer func() {
		if recover() != nil {
			panics++
			infos = nil
		}
	}()
	return ddz.GetCardType(cards, ddz.NumType(w))
}

func bombish(t ddz.CardType) bool { return t >= ddz.CardTypeRuanZhaDan4 }

// beatCases: a play `last` (one of the peer's readings of it) and a play of the same type
// and size, or both bombs; the peer's finder is given the play as the whole hand, so it
// beats when the finder answers with all of its cards.
func beatCases(r *rand.Rand, count int) []BeatCase {
	var out []BeatCase
	var filled [3]int
	for len(out) < count {
		w := 3 + r.Intn(13)
		ps := plays(hand(r, 8+r.Intn(5)), w)
		qs := plays(hand(r, 8+r.Intn(5)), w)
		if len(ps) == 0 || len(qs) == 0 {
			continue
		}
		last := ps[r.Intn(len(ps))]
		if last.info.CardType == ddz.CardTypeDan && r.Intn(3) > 0 {
			continue // singles are the most common: keep a third of them
		}
		var same []typed
		for _, q := range qs {
			if bombish(last.info.CardType) && bombish(q.info.CardType) ||
				q.info.CardType == last.info.CardType && len(q.cards) == len(last.cards) {
				same = append(same, q)
			}
		}
		if len(same) == 0 {
			continue
		}
		play := same[r.Intn(len(same))]
		k := wilds(last.cards, w) + wilds(play.cards, w)
		if filled[stratum(k)] >= (count+2)/3 {
			continue
		}
		filled[stratum(k)]++
		info := *last.info
		found, as := ddz.FindCardsBuXiPaiLaiZi(&info, play.cards, []ddz.NumType{ddz.NumType(w)})
		c := BeatCase{ID: fmt.Sprintf("beat%03d", len(out)), Wild: rankName(w), Last: names_(last.cards),
			LastRead: Reading{last.info.CardType.String(), last.info.MinValue, last.info.MaxValue},
			Play:     names_(play.cards), Wilds: k, Found: names_(found)}
		if as.CardType != ddz.CardTypeNone {
			c.FoundAs = &Reading{as.CardType.String(), as.MinValue, as.MaxValue}
		}
		c.Beats = len(found) == len(play.cards) && as.CardType != ddz.CardTypeNone
		out = append(out, c)
	}
	return out
}

func main() {
	seed, _ := strconv.ParseInt(os.Args[1], 10, 64)
	r := rand.New(rand.NewSource(seed))
	doc := map[string]interface{}{
		"peer":  "fattigerlee/poker@36d7807ff8a88e4f182d8aa9c40cc9cbba7171ef",
		"seed":  seed,
		"leads": leadCases(r, 201),
		"beats": beatCases(r, 501),
	}
	doc["peer_panics"] = panics
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		panic(err)
	}
}
