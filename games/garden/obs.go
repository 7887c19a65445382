package garden

// CellView is one cell as the observation and positions write it (POSITIONS.md); ID and Adj
// are the observation's only.
type CellView struct {
	ID        *int    `json:"id,omitempty"`
	R         int     `json:"r"`
	Q         int     `json:"q"`
	Adj       []int   `json:"adj,omitempty"`
	Kind      string  `json:"kind"`
	Terrain   *string `json:"terrain"`
	Resource  *string `json:"resource"`
	Yield     *int    `json:"yield"`
	Owner     int     `json:"owner"`
	Creatures int     `json:"creatures"`
	Status    string  `json:"status"`
	Timer     int     `json:"timer"`
	Forged    int     `json:"forged"`
	Immobile  int     `json:"immobile"`
}

// PlayerView is one seat's clan and holdings as written out.
type PlayerView struct {
	Clan    string `json:"clan"`
	Food    int    `json:"food"`
	Metal   int    `json:"metal"`
	Stone   int    `json:"stone"`
	Wood    int    `json:"wood"`
	Points  int    `json:"points"`
	Pending int    `json:"pending"`
}

// Observation is the bot protocol's obs: everything is public.
type Observation struct {
	You         int          `json:"you"`
	ToMove      int          `json:"to_move"`
	First       int          `json:"first"`
	Phase       string       `json:"phase"`
	ActionsLeft int          `json:"actions_left"`
	Turn        int          `json:"turn"`
	Round       int          `json:"round"`
	Rounds      int          `json:"rounds"`
	Cells       []CellView   `json:"cells"`
	Players     []PlayerView `json:"players"`
}

func (s *State) cellView(h Hex) CellView {
	c := s.cells[h]
	v := CellView{R: h.R(), Q: h.Q(), Kind: c.Kind.String(), Owner: int(c.Owner), Creatures: int(c.Creatures),
		Status: c.Status.String(), Timer: int(c.Timer), Forged: int(c.Forged), Immobile: int(c.Immobile)}
	if c.Kind == Simple {
		t, r, y := c.Terrain.String(), c.Resource.String(), int(c.Yield)
		v.Terrain, v.Resource, v.Yield = &t, &r, &y
	}
	return v
}

func (s *State) playerViews() []PlayerView {
	out := make([]PlayerView, Players)
	for seat, p := range s.players {
		out[seat] = PlayerView{Clan: p.Clan.String(), Food: p.Stock[Food], Metal: p.Stock[Metal], Stone: p.Stock[Stone],
			Wood: p.Stock[Wood], Points: p.Points, Pending: p.Pending}
	}
	return out
}

func (s *State) Observation(seat int) any {
	o := Observation{You: seat, ToMove: s.toMove, First: s.first, Phase: s.phase.String(), ActionsLeft: s.actionsLeft,
		Turn: s.turn, Round: s.Round(), Rounds: s.rounds, Players: s.playerViews()}
	for h := range Hex(NumCells) {
		v := s.cellView(h)
		id := int(h)
		v.ID = &id
		v.Adj = make([]int, len(neighbours[h]))
		for i, n := range neighbours[h] {
			v.Adj[i] = int(n)
		}
		o.Cells = append(o.Cells, v)
	}
	return o
}
